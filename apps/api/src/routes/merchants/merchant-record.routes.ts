import {
  MERCHANT_REVEAL_SUBJECT,
  createMerchantSchema,
  merchantAssignmentInputSchema,
  merchantDetailSchema,
  merchantRevealInputSchema,
  merchantRevealResponseSchema,
  merchantStageChangeInputSchema,
  merchantStagePreviewInputSchema,
  merchantStagePreviewSchema,
  updateMerchantSchema,
} from '@boardwalk/shared';
import { z } from 'zod';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['merchants'];
const detail = (description: string) => jsonResponse(description, merchantDetailSchema);

export const createMerchantRoute = defineRoute({
  method: 'post',
  path: '/api/merchants',
  tags,
  summary: 'Create a merchant (in the default stage unless stageId says otherwise), with its owners',
  ability: { action: 'create', subject: 'merchant' },
  request: { body: jsonBody(z.object({ data: createMerchantSchema })) },
  responses: {
    201: detail('The new merchant, sensitive values masked'),
    ...problems(400, 401, 403),
  },
});

export const getMerchantRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}',
  tags,
  summary: 'One merchant with its owners, sensitive values masked (a deleted one too: deletedAt is set)',
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: { 200: detail('The merchant'), ...problems(400, 401, 403, 404) },
});

/** The merchant's fields that PATCH does not write, and what does (decision 075). */
const MERCHANT_WRITTEN_ELSEWHERE = {
  stageId: 'POST /api/merchants/{id}/stage',
  stage: 'POST /api/merchants/{id}/stage',
  pipeline: 'POST /api/merchants/{id}/stage',
  stageEnteredAt: 'POST /api/merchants/{id}/stage',
  owners: 'POST /api/merchants/{id}/owners',
  deletedAt: 'DELETE /api/merchants/{id}',
  agent: 'agentId',
  company: 'companyId',
  industry: 'industryId',
  leadSource: 'leadSourceId',
  assignee: 'assignedUserId',
  decidedBy: 'underwritingDecision',
  decidedAt: 'underwritingDecision',
};

export const updateMerchantRoute = defineRoute({
  method: 'patch',
  path: '/api/merchants/{id}',
  tags,
  summary: 'Update a merchant (partial; updatedAt as last read is required). Stage and owners have their own routes',
  ability: { action: 'update', subject: 'merchant' },
  writtenElsewhere: MERCHANT_WRITTEN_ELSEWHERE,
  request: { params: idParams, body: jsonBody(updateMerchantSchema) },
  responses: {
    200: detail('The merchant as it is now'),
    ...problems(400, 401, 403, 404, 428),
    409: documentedProblem('Changed by someone else since it was read (stale_update), or deleted'),
  },
});

export const deleteMerchantRoute = defineRoute({
  method: 'delete',
  path: '/api/merchants/{id}',
  tags,
  summary: 'Delete a merchant (soft: it stays readable and can be restored)',
  ability: { action: 'delete', subject: 'merchant' },
  request: { params: idParams },
  responses: { 204: { description: 'Deleted (or already deleted)' }, ...problems(400, 401, 403, 404) },
});

export const restoreMerchantRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/restore',
  tags,
  summary: 'Undo the delete of a merchant',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams },
  responses: { 200: detail('The merchant, live again'), ...problems(400, 401, 403, 404) },
});

export const changeStageRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/stage',
  tags,
  summary:
    "Move a merchant to a stage (another pipeline's stage moves it to that view); one transaction with its timeline event, stage intervals and domain event",
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams, body: jsonBody(merchantStageChangeInputSchema) },
  responses: {
    200: detail('The merchant in its stage (unchanged when it was already there)'),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('Changed since the updatedAt sent (stale_update), or deleted'),
  },
});

export const previewStageRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/stage/preview',
  tags,
  summary:
    'What moving the merchant to a stage would set off (stage actions, matching automations), described; nothing is sent or changed',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams, body: jsonBody(merchantStagePreviewInputSchema) },
  responses: {
    200: jsonResponse('Each action the change would run, in order', merchantStagePreviewSchema),
    ...problems(400, 401, 403, 404),
  },
});

export const changeAssignmentRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/assignment',
  tags,
  summary: 'Assign a merchant to an active staff user, or to nobody (null)',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams, body: jsonBody(merchantAssignmentInputSchema) },
  responses: {
    200: detail('The merchant with its assignee'),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('Changed since the updatedAt sent (stale_update), or deleted'),
  },
});

export const revealRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/reveal',
  tags,
  summary:
    'The clear value of one sensitive field (owner fields need ownerId); audited, and limited to 30 per user per ' +
    '10 minutes. A token needs the merchant-reveal scope besides merchant.',
  ability: [
    { action: 'read', subject: 'merchant' },
    { action: 'read', subject: MERCHANT_REVEAL_SUBJECT },
  ],
  request: { params: idParams, body: jsonBody(merchantRevealInputSchema) },
  responses: {
    200: jsonResponse("The field's clear value ('' when not known)", merchantRevealResponseSchema),
    ...problems(400, 401, 403, 404),
    429: documentedProblem('Too many reveals in a short time (Retry-After)'),
  },
});
