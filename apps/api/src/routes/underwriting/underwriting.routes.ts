import {
  decisionStagesSchema,
  merchantDecisionListSchema,
  merchantDetailSchema,
  outsideCheckInputSchema,
  recordDecisionInputSchema,
  resolveHitInputSchema,
  screeningHitListSchema,
} from '@boardwalk/shared';
import { z } from 'zod';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['underwriting'];

export const getDecisionStagesRoute = defineRoute({
  method: 'get',
  path: '/api/decision-stages',
  tags,
  summary: 'Per pipeline, the stage each decision moves a merchant to (a stage named here carries that decision)',
  ability: { action: 'read', subject: 'decision-stage' },
  responses: { 200: jsonResponse('Every line of the mapping', decisionStagesSchema), ...problems(401, 403) },
});

export const putDecisionStagesRoute = defineRoute({
  method: 'put',
  path: '/api/decision-stages',
  tags,
  summary: 'Replace the decision-to-stage mapping (one line per pipeline and decision; a stage carries one decision)',
  ability: { action: 'update', subject: 'decision-stage' },
  request: { body: jsonBody(decisionStagesSchema) },
  responses: { 200: jsonResponse('The mapping as stored', decisionStagesSchema), ...problems(400, 401, 403) },
});

export const recordDecisionRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/decision',
  tags,
  summary:
    "Record a decision with its reason code and note; when the merchant's pipeline maps the decision to a stage, the merchant moves there",
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams, body: jsonBody(recordDecisionInputSchema) },
  responses: {
    200: jsonResponse('The merchant with its decision (and stage)', merchantDetailSchema),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('Changed since the updatedAt sent (stale_update), or deleted'),
  },
});

export const listDecisionsRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/decisions',
  tags,
  summary: 'Every decision recorded on the merchant with its reason, newest first',
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: { 200: jsonResponse('The decisions', merchantDecisionListSchema), ...problems(400, 401, 403, 404) },
});

export const listHitsRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/matches',
  tags,
  summary:
    'Terminated-list matches and outside checks of the merchant: the kind of identifier that matched, never its value',
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: {
    200: jsonResponse('The matches, newest first', screeningHitListSchema),
    ...problems(400, 401, 403, 404),
  },
});

export const outsideCheckRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/matches',
  tags,
  summary: 'Enter the result of an outside check (MATCH or similar) with its reason code: an open match to resolve',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams, body: jsonBody(outsideCheckInputSchema) },
  responses: {
    201: jsonResponse('The matches, newest first', screeningHitListSchema),
    ...problems(400, 401, 403, 404),
  },
});

export const resolveHitRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/matches/{hitId}/resolve',
  tags,
  summary: 'Clear or confirm an open match, with the reason',
  ability: { action: 'update', subject: 'merchant' },
  request: {
    params: idParams.extend({ hitId: z.uuid('Not a valid id') }),
    body: jsonBody(resolveHitInputSchema),
  },
  responses: {
    200: jsonResponse('The matches, newest first', screeningHitListSchema),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('Already resolved'),
  },
});
