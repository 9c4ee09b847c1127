import {
  applicationCodeInputSchema,
  applicationCodeRequestSchema,
  applicationCodeSentSchema,
  applicationSignInputSchema,
  applicationSigningSchema,
  applicationSubmitInputSchema,
  signerOpenSchema,
  signerViewSchema,
} from '@boardwalk/shared';
import { z } from '@hono/zod-openapi';
import { defineRoute } from '../../lib/http/define-route.ts';
import {
  authResponses,
  documentedProblem,
  idParams,
  jsonBody,
  jsonResponse,
  problems,
} from '../../lib/http/openapi.ts';
import { jobEngineAbsent } from '../../lib/jobs/job-engine-of.ts';

/**
 * Submit and signing (docs/decisions/107): on the merchant's link (`/api/apply/{token}`), on a
 * signer's own link (`/api/sign/{token}`, public like the merchant's: the token and the device
 * are the authorisation), and staff's view and "send signer link" on the merchant.
 */
const tokenParams = z.object({ token: z.string().min(1).max(256) });
const signerParams = tokenParams.extend({ signerId: z.uuid('Not a valid id') });
const staffParams = idParams.extend({ requestId: z.uuid('Not a valid id') });
const staffSignerParams = staffParams.extend({ signerId: z.uuid('Not a valid id') });
const notFound = documentedProblem('No request (or signer) has this link, or no such signer on it');
const gone = documentedProblem('The link no longer opens: `code` is link_revoked, link_expired or link_used (signed)');
const codeRequired = documentedProblem('No verified device for this link (`code_required`): enter the emailed code');
const tooMany = documentedProblem('Too many wrong codes (`code_locked`) or a code sent a moment ago; see Retry-After');
const notSigning = documentedProblem('Not waiting for signatures (not submitted yet), or already submitted');
const linkErrors = { ...problems(400), 401: codeRequired, 404: notFound, 410: gone };
const signing = (what: string) => jsonResponse(what, applicationSigningSchema);

export const submitApplicationRoute = defineRoute({
  method: 'post',
  path: '/api/apply/{token}/submit',
  tags: ['apply'],
  summary: 'Submit with the electronic-records consent: the whole application is checked again, then signed',
  ability: 'public',
  request: { params: tokenParams, body: jsonBody(applicationSubmitInputSchema) },
  responses: { 200: signing('Submitted: the signers and their state'), ...linkErrors, 409: notSigning },
});

export const readApplicationSigningRoute = defineRoute({
  method: 'get',
  path: '/api/apply/{token}/signing',
  tags: ['apply'],
  summary: 'The signers and their state',
  ability: 'public',
  request: { params: tokenParams },
  responses: { 200: signing('The signing'), ...linkErrors },
});

export const signThroughLinkRoute = defineRoute({
  method: 'post',
  path: '/api/apply/{token}/signers/{signerId}/sign',
  tags: ['apply'],
  summary: 'Sign for one signer: typed name, optionally a drawn PNG. The last signature makes the signed PDF',
  ability: 'public',
  request: { params: signerParams, body: jsonBody(applicationSignInputSchema) },
  responses: { 200: signing('Signed'), ...linkErrors, 409: notSigning },
});

export const sendSignerLinkThroughLinkRoute = defineRoute({
  method: 'post',
  path: '/api/apply/{token}/signers/{signerId}/send',
  tags: ['apply'],
  summary: 'Email a signer their own link',
  ability: 'public',
  request: { params: signerParams },
  responses: { 202: signing('Sent'), ...linkErrors, 409: notSigning, ...jobEngineAbsent },
});

export const openSignerLinkRoute = defineRoute({
  method: 'get',
  path: '/api/sign/{token}',
  tags: ['apply'],
  summary: "Open a signer's link: whose it is, whether this device is verified, where the code goes (masked)",
  ability: 'public',
  request: { params: tokenParams },
  responses: { 200: jsonResponse('The link opens', signerOpenSchema), ...problems(400), 404: notFound, 410: gone },
});

export const sendSignerCodeRoute = defineRoute({
  method: 'post',
  path: '/api/sign/{token}/code',
  tags: ['apply'],
  summary: 'Send a one-time code to the signer: by email, or by SMS where offered (one a minute)',
  ability: 'public',
  request: { params: tokenParams, body: { ...jsonBody(applicationCodeRequestSchema), required: false } },
  responses: {
    202: jsonResponse('Sent', applicationCodeSentSchema),
    ...problems(400),
    404: notFound,
    410: gone,
    429: tooMany,
    503: documentedProblem(
      'The job engine is not running in this process, or (`sms_unavailable`) the SMS gateway is refused or unreachable',
    ),
  },
});

export const verifySignerCodeRoute = defineRoute({
  method: 'post',
  path: '/api/sign/{token}/verify',
  tags: ['apply'],
  summary: "Check the signer's code; the right one sets the device cookie. Wrong codes lock like passwords",
  ability: 'public',
  request: { params: tokenParams, body: jsonBody(applicationCodeInputSchema) },
  responses: {
    200: jsonResponse('Verified', z.object({ verified: z.literal(true) })),
    ...problems(400),
    404: notFound,
    410: gone,
    429: tooMany,
  },
});

export const readAsSignerRoute = defineRoute({
  method: 'get',
  path: '/api/sign/{token}/application',
  tags: ['apply'],
  summary: 'The application to review, and this signer’s state',
  ability: 'public',
  request: { params: tokenParams },
  responses: { 200: jsonResponse('The application', signerViewSchema), ...linkErrors },
});

export const signAsSignerRoute = defineRoute({
  method: 'post',
  path: '/api/sign/{token}/sign',
  tags: ['apply'],
  summary: 'Sign as this signer',
  ability: 'public',
  request: { params: tokenParams, body: jsonBody(applicationSignInputSchema) },
  responses: { 200: jsonResponse('Signed', signerViewSchema), ...linkErrors, 409: notSigning },
});

const staffNotFound = documentedProblem('No such merchant, request or signer');

export const readSigningForStaffRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/application-requests/{requestId}/signing',
  tags: ['applications'],
  summary: "A request's signers, their state and the signed PDF's document",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: staffParams },
  responses: { 200: signing('The signing'), ...problems(400), 404: staffNotFound, ...authResponses },
});

export const sendSignerLinkForStaffRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/application-requests/{requestId}/signers/{signerId}/send',
  tags: ['applications'],
  summary: 'Email a signer their own link',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: staffSignerParams },
  responses: {
    202: signing('Sent'),
    ...problems(400),
    404: staffNotFound,
    409: notSigning,
    ...jobEngineAbsent,
    ...authResponses,
  },
});
