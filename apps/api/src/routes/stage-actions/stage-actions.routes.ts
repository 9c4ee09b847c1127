import {
  actionPlanSchema,
  createStageActionBodySchema,
  reorderStageActionsSchema,
  stageActionListResponseSchema,
  stageActionSchema,
  stageActionTestRunSchema,
  updateStageActionSchema,
} from '@boardwalk/shared/schemas/workflow-action';
import { STAGE_ACTION_SUBJECT } from '@boardwalk/shared';
import { z } from 'zod';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const stage = (action: 'read' | 'update') => ({ action, subject: 'stage' }) as const;
/**
 * Actions change merchants when they run (set_field, assign_user, create_todo), write to them or
 * about them (send_email, webhook): whoever writes them needs update on merchant too; a test run
 * answers a merchant's data (docs/decisions/071).
 */
const writeActions = [stage('update'), { action: 'update', subject: 'merchant' }] as const;
const stageParams = z.object({ stageId: z.uuid('Not a valid id') });

export const listStageActionsRoute = defineRoute({
  method: 'get',
  path: '/api/stages/{stageId}/actions',
  tags: ['stage-actions'],
  summary: "A stage's actions (run when a merchant enters it), in their order; a webhook's secret is never shown",
  // An agent reads the stages for the pickers, never what runs in them (docs/decisions/117).
  ability: [stage('read'), { action: 'read', subject: STAGE_ACTION_SUBJECT }],
  request: { params: stageParams },
  responses: { 200: jsonResponse('The actions', stageActionListResponseSchema), ...problems(400, 401, 403, 404) },
});

export const createStageActionRoute = defineRoute({
  method: 'post',
  path: '/api/stages/{stageId}/actions',
  tags: ['stage-actions'],
  summary: 'Adds an action at the end of the stage; the config follows its type (a webhook needs a signing secret)',
  ability: writeActions,
  request: { params: stageParams, body: jsonBody(createStageActionBodySchema) },
  responses: { 201: jsonResponse('The action', stageActionSchema), ...problems(400, 401, 403, 404) },
});

export const updateStageActionRoute = defineRoute({
  method: 'patch',
  path: '/api/stage-actions/{id}',
  tags: ['stage-actions'],
  summary: "Changes an action's config (replaced whole; a webhook keeps its secret when none is sent) or active flag",
  ability: writeActions,
  writtenElsewhere: { position: 'PUT /api/stages/{stageId}/actions/order', summary: 'config' },
  request: { params: idParams, body: jsonBody(updateStageActionSchema) },
  responses: { 200: jsonResponse('The action', stageActionSchema), ...problems(400, 401, 403, 404, 409, 428) },
});

export const deleteStageActionRoute = defineRoute({
  method: 'delete',
  path: '/api/stage-actions/{id}',
  tags: ['stage-actions'],
  summary: 'Deletes an action; its executions stay in the history as they ran',
  ability: stage('update'),
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404) },
});

export const reorderStageActionsRoute = defineRoute({
  method: 'put',
  path: '/api/stages/{stageId}/actions/order',
  tags: ['stage-actions'],
  summary: "Sets the order of a stage's actions: ids lists every one of them",
  ability: writeActions,
  request: { params: stageParams, body: jsonBody(reorderStageActionsSchema) },
  responses: {
    200: jsonResponse('The actions in their new order', stageActionListResponseSchema),
    ...problems(400, 401, 403, 404),
  },
});

export const testRunStageActionsRoute = defineRoute({
  method: 'post',
  path: '/api/stages/{stageId}/actions/test-run',
  tags: ['stage-actions'],
  summary: "A dry run of the stage's actions against one merchant: what each would do; nothing is sent or changed",
  ability: [stage('update'), { action: 'read', subject: 'merchant' }],
  request: { params: stageParams, body: jsonBody(stageActionTestRunSchema) },
  responses: {
    200: jsonResponse('One plan per action, in order', z.object({ plans: z.array(actionPlanSchema) })),
    ...problems(400, 401, 403, 404),
  },
});
