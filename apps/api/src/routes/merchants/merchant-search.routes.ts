import { searchQuerySchema, searchResponseSchema } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonResponse, problems } from '../../lib/http/openapi.ts';

export const searchMerchants = defineRoute({
  method: 'get',
  path: '/api/search',
  tags: ['merchants'],
  summary:
    'Live merchants matching q by DBA or legal name, MID, contact name, email or phone; typo-tolerant, ' +
    'best first (exact, then starts-with, then contains, then similar), at most 10. An empty q finds nothing.',
  ability: { action: 'read', subject: 'merchant' },
  request: { query: searchQuerySchema },
  responses: { 200: jsonResponse('The best matches', searchResponseSchema), ...problems(400, 401, 403) },
});
