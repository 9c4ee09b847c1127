import {
  applicationBankingSchema,
  applicationBusinessSchema,
  applicationContactSchema,
  applicationOwnersSchema,
  applicationProcessingSchema,
  applicationCodeInputSchema,
  applicationCodeRequestSchema,
  applicationCodeSentSchema,
  applicationOpenSchema,
  applicationViewSchema,
} from '@boardwalk/shared';
import { z } from '@hono/zod-openapi';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

/**
 * The merchant's routes, reached through the link's token (docs/decisions/097). Public: they
 * never read a staff session; the token names the one request, and past the code step the
 * device's own cookie (path-scoped to this token) must belong to that request too.
 */

const tokenParams = z.object({ token: z.string().min(1).max(256) });
const notFound = documentedProblem('No request has this link (whatever was wrong with it)');
const gone = documentedProblem('The link no longer opens: `code` is link_revoked, link_expired or link_used');
const codeRequired = documentedProblem('No verified device for this link (`code_required`): enter the emailed code');
const tooMany = documentedProblem('Too many wrong codes (`code_locked`) or a code sent a moment ago; see Retry-After');
const closedOr404 = { 404: notFound, 410: gone };
const submitted = documentedProblem('Submitted (`application_submitted`): it can be signed, not changed');

export const openApplicationRoute = defineRoute({
  method: 'get',
  path: '/api/apply/{token}',
  tags: ['apply'],
  summary: 'Open a link: the portal name, whether this device is verified, where the code goes (masked)',
  ability: 'public',
  request: { params: tokenParams },
  responses: { 200: jsonResponse('The link opens', applicationOpenSchema), ...problems(400), ...closedOr404 },
});

export const sendApplicationCodeRoute = defineRoute({
  method: 'post',
  path: '/api/apply/{token}/code',
  tags: ['apply'],
  summary: "Send a one-time code to the merchant's contact: by email, or by SMS where offered (one a minute)",
  ability: 'public',
  request: { params: tokenParams, body: { ...jsonBody(applicationCodeRequestSchema), required: false } },
  responses: {
    202: jsonResponse('Sent', applicationCodeSentSchema),
    ...problems(400),
    429: tooMany,
    ...closedOr404,
    503: documentedProblem(
      'The job engine is not running in this process, or (`sms_unavailable`) the SMS gateway is refused or unreachable',
    ),
  },
});

export const verifyApplicationCodeRoute = defineRoute({
  method: 'post',
  path: '/api/apply/{token}/verify',
  tags: ['apply'],
  summary: 'Check the code; the right one sets the device cookie (a day). Wrong codes lock like passwords',
  ability: 'public',
  request: { params: tokenParams, body: jsonBody(applicationCodeInputSchema) },
  responses: {
    200: jsonResponse('Verified', z.object({ verified: z.literal(true) })),
    ...problems(400),
    429: tooMany,
    ...closedOr404,
  },
});

export const readApplicationRoute = defineRoute({
  method: 'get',
  path: '/api/apply/{token}/application',
  tags: ['apply'],
  summary: "The verified device's own application: its steps, prefilled from the record and the draft",
  ability: 'public',
  request: { params: tokenParams },
  responses: {
    200: jsonResponse('The application', applicationViewSchema),
    ...problems(400),
    401: codeRequired,
    ...closedOr404,
  },
});

/** PUT of one step: saved as typed into the request's draft; the record changes on submit. */
function saveStepRoute<S extends z.ZodType>(step: string, schema: S, summary: string) {
  return defineRoute({
    method: 'put',
    path: `/api/apply/{token}/application/${step}`,
    tags: ['apply'],
    summary,
    ability: 'public',
    request: { params: tokenParams, body: jsonBody(schema) },
    responses: {
      200: jsonResponse('The application', applicationViewSchema),
      ...problems(400),
      401: codeRequired,
      ...closedOr404,
      409: submitted,
    },
  });
}

export const saveApplicationBusinessRoute = saveStepRoute(
  'business',
  applicationBusinessSchema,
  'Save the business step as typed (a draft; the record changes on submit)',
);
export const saveApplicationContactRoute = saveStepRoute('contact', applicationContactSchema, 'Save the contact step');
export const saveApplicationOwnersRoute = saveStepRoute(
  'owners',
  applicationOwnersSchema,
  'Save the owners (the list replaces the one shown; an SSN or date of birth not typed again stays)',
);
export const saveApplicationProcessingRoute = saveStepRoute(
  'processing',
  applicationProcessingSchema,
  'Save the processing step',
);
export const saveApplicationBankingRoute = saveStepRoute(
  'banking',
  applicationBankingSchema,
  'Save the bank account and tax id: a value typed replaces the one on file, which is never answered (masked only)',
);

export const askNewApplicationLinkRoute = defineRoute({
  method: 'post',
  path: '/api/apply/{token}/new-link',
  tags: ['apply'],
  summary: 'Ask staff for a new link (the answer is the same whatever the request)',
  ability: 'public',
  request: { params: tokenParams },
  responses: { 202: { description: 'Staff were told' }, ...problems(400), 404: notFound },
});
