import {
  automationExecutionDetailSchema,
  automationExecutionListQuerySchema,
  automationExecutionListResponseSchema,
} from '@boardwalk/shared/schemas/automation';
import { LOG_SUBJECT } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonResponse, problems } from '../../lib/http/openapi.ts';

// Executions name their merchant, and a retry runs the actions on it again (docs/decisions/071).
const readMerchant = { action: 'read', subject: 'merchant' } as const;
const updateMerchant = { action: 'update', subject: 'merchant' } as const;

export const listAutomationExecutionsRoute = defineRoute({
  method: 'get',
  path: '/api/history/automations',
  tags: ['history'],
  summary: 'Automation executions, filtered by status, automation, merchant and date, and paged; newest first',
  ability: [{ action: 'read', subject: LOG_SUBJECT }, readMerchant],
  request: { query: automationExecutionListQuerySchema },
  responses: {
    200: jsonResponse('A page of executions', automationExecutionListResponseSchema),
    ...problems(400, 401, 403),
  },
});

export const getAutomationExecutionRoute = defineRoute({
  method: 'get',
  path: '/api/history/automations/{id}',
  tags: ['history'],
  summary: 'One execution with its trigger event and each action’s result',
  ability: [{ action: 'read', subject: LOG_SUBJECT }, readMerchant],
  request: { params: idParams },
  responses: {
    200: jsonResponse('The execution', automationExecutionDetailSchema),
    ...problems(400, 401, 403, 404),
  },
});

export const retryAutomationExecutionRoute = defineRoute({
  method: 'post',
  path: '/api/history/automations/{id}/retry',
  tags: ['history'],
  summary: 'Queues a failed or stopped execution again, from the action that did not run',
  ability: [{ action: 'update', subject: LOG_SUBJECT }, updateMerchant],
  request: { params: idParams },
  responses: {
    200: jsonResponse('The execution, queued', automationExecutionDetailSchema),
    ...problems(400, 401, 403, 404, 409),
    503: documentedProblem('The job engine is not running in this process'),
  },
});

export const deleteAutomationExecutionRoute = defineRoute({
  method: 'delete',
  path: '/api/history/automation/{id}',
  tags: ['history'],
  summary: 'Removes an execution from the history (not while it runs)',
  ability: { action: 'delete', subject: LOG_SUBJECT },
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404, 409) },
});
