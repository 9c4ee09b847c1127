import {
  applicationLinkSchema,
  applicationRequestCreatedSchema,
  applicationRequestListSchema,
  applicationRequestSchema,
  createApplicationRequestSchema,
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

/** Staff's routes for a merchant's application requests (docs/decisions/097): who may edit the merchant may send. */

const base = '/api/merchants/{id}/application-requests';
const requestParams = idParams.extend({ requestId: z.uuid('Not a valid id') });
const notFound = documentedProblem('No such merchant (or a deleted one), or no such request on it');
const closed = documentedProblem('The request is no longer open (revoked, expired, submitted), or one is open already');
const update = { action: 'update', subject: 'merchant' } as const;

export const listApplicationRequestsRoute = defineRoute({
  method: 'get',
  path: base,
  tags: ['applications'],
  summary: "A merchant's application requests, newest first",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: {
    200: jsonResponse('The requests', applicationRequestListSchema),
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

export const createApplicationRequestRoute = defineRoute({
  method: 'post',
  path: base,
  tags: ['applications'],
  summary: "Send an application request to the merchant's contact email; answers the link once for other channels",
  ability: update,
  request: { params: idParams, body: jsonBody(createApplicationRequestSchema) },
  responses: {
    201: jsonResponse('The request and its link', applicationRequestCreatedSchema),
    ...problems(400),
    404: notFound,
    409: closed,
    ...jobEngineAbsent,
    ...authResponses,
  },
});

export const resendApplicationRequestRoute = defineRoute({
  method: 'post',
  path: `${base}/{requestId}/resend`,
  tags: ['applications'],
  summary: 'Email the same link again (the expiry stays)',
  ability: update,
  request: { params: requestParams },
  responses: {
    200: jsonResponse('The request', applicationRequestSchema),
    ...problems(400),
    404: notFound,
    409: closed,
    ...jobEngineAbsent,
    ...authResponses,
  },
});

export const revokeApplicationRequestRoute = defineRoute({
  method: 'post',
  path: `${base}/{requestId}/revoke`,
  tags: ['applications'],
  summary: 'Revoke a request: its link and every verified device stop at once',
  ability: update,
  request: { params: requestParams },
  responses: {
    200: jsonResponse('The request', applicationRequestSchema),
    ...problems(400),
    404: notFound,
    409: closed,
    ...authResponses,
  },
});

export const copyApplicationLinkRoute = defineRoute({
  method: 'post',
  path: `${base}/{requestId}/link`,
  tags: ['applications'],
  summary: "An open request's link, to pass on by another channel (audited; the merchant still needs the emailed code)",
  ability: update,
  request: { params: requestParams },
  responses: {
    200: jsonResponse('The link', applicationLinkSchema),
    ...problems(400),
    404: notFound,
    409: closed,
    ...authResponses,
  },
});
