import {
  stageActionExecutionListQuerySchema,
  stageActionExecutionListResponseSchema,
  stageActionExecutionSchema,
} from '@boardwalk/shared/schemas/workflow-action';
import { STAGE_ACTION_SUBJECT } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonResponse, problems } from '../../lib/http/openapi.ts';

// Executions name their merchant, and a retry runs the action on it again (docs/decisions/071).
const readMerchant = { action: 'read', subject: 'merchant' } as const;
const updateMerchant = { action: 'update', subject: 'merchant' } as const;
// Reading runs is reading the stages' actions, which an agent who reads stage names may not (decision 117).
const readStageActions = { action: 'read', subject: STAGE_ACTION_SUBJECT } as const;

export const listStageActionExecutionsRoute = defineRoute({
  method: 'get',
  path: '/api/history/stageActionExecutionHistory',
  tags: ['history'],
  summary: 'Stage action executions, filtered by status, date, merchant and stage, and paged; newest first',
  ability: [{ action: 'read', subject: 'stage' }, readStageActions, readMerchant],
  request: { query: stageActionExecutionListQuerySchema },
  responses: {
    200: jsonResponse('A page of executions', stageActionExecutionListResponseSchema),
    ...problems(400, 401, 403),
  },
});

export const deleteStageActionExecutionRoute = defineRoute({
  method: 'delete',
  path: '/api/history/stage-action/{id}',
  tags: ['history'],
  summary: 'Removes an execution from the history (not while it runs)',
  ability: { action: 'delete', subject: 'stage' },
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404, 409) },
});

export const retryStageActionExecutionRoute = defineRoute({
  method: 'post',
  path: '/api/history/stage-action/{id}/retry',
  tags: ['history'],
  summary: 'Queues a failed execution again (a new job; its attempts go on counting)',
  ability: [{ action: 'update', subject: 'stage' }, updateMerchant],
  request: { params: idParams },
  responses: {
    200: jsonResponse('The execution, queued', stageActionExecutionSchema),
    ...problems(400, 401, 403, 404, 409),
    503: documentedProblem('The job engine is not running in this process'),
  },
});
