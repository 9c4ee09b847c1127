import {
  applicationConflictListSchema,
  applicationConflictSchema,
  applicationRequestSchema,
  changesRequestedSchema,
  requestChangesSchema,
  settleConflictSchema,
  slaPauseSchema,
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

/** Staff's side of a filled-in application (docs/decisions/108): conflicts to settle, changes to ask for. */

const notFound = documentedProblem('No such merchant (or a deleted one), or no such conflict or request on it');
const update = { action: 'update', subject: 'merchant' } as const;

export const listConflictsRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/application-conflicts',
  tags: ['applications'],
  summary: "Answers of the merchant's signed application that staff had changed meanwhile, newest first",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: {
    200: jsonResponse('The conflicts', applicationConflictListSchema),
    ...problems(400),
    404: notFound,
    ...authResponses,
  },
});

export const settleConflictRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/application-conflicts/{conflictId}/settle',
  tags: ['applications'],
  summary: "Settle a conflict: take the merchant's answer into the record, or keep the record's value",
  ability: update,
  request: {
    params: idParams.extend({ conflictId: z.uuid('Not a valid id') }),
    body: jsonBody(settleConflictSchema),
  },
  responses: {
    200: jsonResponse('The settled conflict', applicationConflictSchema),
    ...problems(400),
    404: notFound,
    409: documentedProblem('Settled already, or the record refuses the answer now'),
    ...authResponses,
  },
});

export const requestChangesRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/application-requests/{requestId}/request-changes',
  tags: ['applications'],
  summary: 'Send a submitted or signed application back to the merchant with a reason per field or document',
  ability: update,
  request: {
    params: idParams.extend({ requestId: z.uuid('Not a valid id') }),
    body: jsonBody(requestChangesSchema),
  },
  responses: {
    200: jsonResponse('The request, in progress again', applicationRequestSchema),
    ...problems(400),
    404: notFound,
    409: documentedProblem('The request is not submitted or signed, or has expired'),
    ...jobEngineAbsent,
    ...authResponses,
  },
});

export const changesRequestedRoute = defineRoute({
  method: 'get',
  path: '/api/apply/{token}/changes-requested',
  tags: ['apply'],
  summary: 'What staff asked the merchant to change, with the reasons (a verified device of this link)',
  ability: 'public',
  request: { params: z.object({ token: z.string().min(1).max(256) }) },
  responses: {
    200: jsonResponse('The items to fix', changesRequestedSchema),
    ...problems(400),
    401: documentedProblem('No verified device for this link (`code_required`)'),
    404: documentedProblem('No request has this link'),
    410: documentedProblem('The link no longer opens'),
  },
});

export const slaPauseRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/sla-pause',
  tags: ['applications'],
  summary: "The time the merchant's current stage stay waited on the merchant (not counted against the SLA)",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: {
    200: jsonResponse('The waiting time, and since when it waits now', slaPauseSchema),
    ...problems(400),
    404: documentedProblem('No such merchant (or a deleted one)'),
    ...authResponses,
  },
});
