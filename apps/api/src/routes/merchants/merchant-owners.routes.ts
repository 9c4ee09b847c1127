import { createOwnerSchema, ownerListSchema, ownerSchema, updateOwnerSchema } from '@boardwalk/shared';
import { z } from 'zod';
import { defineRoute } from '../../lib/http/define-route.ts';
import { documentedProblem, idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['merchants'];
const ownerParams = z.object({ id: z.uuid('Not a valid id'), ownerId: z.uuid('Not a valid id') });

export const listOwnersRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/owners',
  tags,
  summary: "A merchant's owners (principals), SSN and date of birth masked",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams },
  responses: { 200: jsonResponse('The owners, in order', ownerListSchema), ...problems(400, 401, 403, 404) },
});

export const addOwnerRoute = defineRoute({
  method: 'post',
  path: '/api/merchants/{id}/owners',
  tags,
  summary: "Add an owner (body `{ data }`); the owners' shares may not add up to more than 100%",
  ability: { action: 'update', subject: 'merchant' },
  request: { params: idParams, body: jsonBody(z.object({ data: createOwnerSchema })) },
  responses: {
    201: jsonResponse('The new owner, masked', ownerSchema),
    ...problems(400, 401, 403, 404),
    409: documentedProblem('The merchant has 10 owners already, or is deleted'),
  },
});

export const updateOwnerRoute = defineRoute({
  method: 'patch',
  path: '/api/merchants/{id}/owners/{ownerId}',
  tags,
  summary: 'Update an owner (partial; updatedAt as last read is required)',
  ability: { action: 'update', subject: 'merchant' },
  writtenElsewhere: { deletedAt: 'DELETE /api/merchants/{id}/owners/{ownerId}' },
  request: { params: ownerParams, body: jsonBody(updateOwnerSchema) },
  responses: {
    200: jsonResponse('The owner as it is now, masked', ownerSchema),
    ...problems(400, 401, 403, 404, 428),
    409: documentedProblem('Changed by someone else since it was read (stale_update), or the merchant is deleted'),
  },
});

export const removeOwnerRoute = defineRoute({
  method: 'delete',
  path: '/api/merchants/{id}/owners/{ownerId}',
  tags,
  summary: 'Remove an owner (soft)',
  ability: { action: 'update', subject: 'merchant' },
  request: { params: ownerParams },
  responses: {
    204: { description: 'Removed' },
    ...problems(400, 401, 403, 404),
    409: documentedProblem('The merchant is deleted'),
  },
});
