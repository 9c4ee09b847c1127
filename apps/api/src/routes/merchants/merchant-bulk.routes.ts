import {
  merchantBulkAssignInputSchema,
  merchantBulkResultSchema,
  merchantBulkStageInputSchema,
} from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['merchants'];
const answer = jsonResponse(
  'Per id: updated, unchanged, or failed with the status and detail its single change would have answered',
  merchantBulkResultSchema,
);

export const bulkAssignRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/bulk/assign',
  tags,
  summary: 'Assign many merchants, each in its own transaction',
  ability: { action: 'update', subject: 'merchant' },
  request: { body: jsonBody(merchantBulkAssignInputSchema) },
  responses: { 200: answer, ...problems(400, 401, 403) },
});

export const bulkStageRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/bulk/stage',
  tags,
  summary: 'Move many merchants to a stage, each in its own transaction',
  ability: { action: 'update', subject: 'merchant' },
  request: { body: jsonBody(merchantBulkStageInputSchema) },
  responses: { 200: answer, ...problems(400, 401, 403) },
});
