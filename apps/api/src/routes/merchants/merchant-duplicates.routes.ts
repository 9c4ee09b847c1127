import { duplicateCheckInputSchema, duplicateListSchema } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['merchants'];
const answer = jsonResponse(
  'At most 20 merchants sharing a tax id, a bank account, or a DBA name and phone (deleted ones flagged)',
  duplicateListSchema,
);

export const merchantDuplicatesRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/duplicates',
  tags,
  summary: 'Possible duplicates of a merchant',
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: { 200: answer, ...problems(400, 401, 403, 404) },
});

export const checkDuplicatesRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/duplicates',
  tags,
  summary: 'Possible duplicates of the values typed in the add form, asked before saving',
  ability: { action: 'read', subject: 'merchant' },
  request: { body: jsonBody(duplicateCheckInputSchema) },
  responses: { 200: answer, ...problems(400, 401, 403) },
});
