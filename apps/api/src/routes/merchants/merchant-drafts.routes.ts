import { merchantDraftInputSchema, merchantDraftListSchema, merchantDraftSchema } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

/** Server-side drafts of /merchant/add: each user sees and changes only their own. */
const tags = ['merchant drafts'];
const ability = { action: 'create', subject: 'merchant' } as const;
const tooLarge = { 413: documentedProblem('The draft is larger than 256 KB') };

export const listDraftsRoute = defineRoute({
  method: 'get',
  path: '/api/merchant-drafts',
  tags,
  summary: "The caller's own drafts, newest first",
  ability,
  responses: { 200: jsonResponse('The drafts', merchantDraftListSchema), ...problems(401, 403) },
});

export const createDraftRoute = defineRoute({
  method: 'post',
  path: '/api/merchant-drafts',
  tags,
  summary: 'Keep a half-filled application (stored encrypted; at most 256 KB, 20 drafts per user)',
  ability,
  request: { body: jsonBody(merchantDraftInputSchema) },
  responses: {
    201: jsonResponse('The new draft', merchantDraftSchema),
    ...problems(400, 401, 403),
    409: documentedProblem('The user has 20 drafts already'),
    ...tooLarge,
  },
});

export const getDraftRoute = defineRoute({
  method: 'get',
  path: '/api/merchant-drafts/{id}',
  tags,
  summary: "One of the caller's drafts (another user's is a 404)",
  ability,
  request: { params: idParams },
  responses: { 200: jsonResponse('The draft', merchantDraftSchema), ...problems(400, 401, 403, 404) },
});

export const saveDraftRoute = defineRoute({
  method: 'put',
  path: '/api/merchant-drafts/{id}',
  tags,
  summary: 'Save a draft whole (updatedAt as last read is required: another tab’s newer save is a 409)',
  ability,
  request: { params: idParams, body: jsonBody(merchantDraftInputSchema) },
  responses: {
    200: jsonResponse('The draft as saved', merchantDraftSchema),
    ...problems(400, 401, 403, 404, 428),
    409: documentedProblem('Saved elsewhere since it was read (stale_update)'),
    ...tooLarge,
  },
});

export const deleteDraftRoute = defineRoute({
  method: 'delete',
  path: '/api/merchant-drafts/{id}',
  tags,
  summary: 'Discard a draft',
  ability,
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404) },
});
