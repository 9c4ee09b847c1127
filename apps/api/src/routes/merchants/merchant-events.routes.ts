import { merchantEventListQuerySchema, merchantEventListSchema } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonResponse, problems } from '../../lib/http/openapi.ts';

export const listMerchantEventsRoute = defineRoute({
  method: 'get',
  path: '/api/merchants/{id}/events',
  tags: ['merchants'],
  summary: "A merchant's timeline, newest first, paged, with the actors' names (sensitive values masked)",
  ability: { action: 'read', subject: 'merchant' },
  request: { params: idParams, query: merchantEventListQuerySchema },
  responses: {
    200: jsonResponse('One page of events and their total', merchantEventListSchema),
    ...problems(400, 401, 403, 404),
  },
});
