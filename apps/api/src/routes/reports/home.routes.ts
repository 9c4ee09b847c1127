import { homeSummarySchema } from '@boardwalk/shared/schemas/home';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonResponse, problems } from '../../lib/http/openapi.ts';

export const homeSummary = defineRoute({
  method: 'get',
  path: '/api/home',
  tags: ['reports'],
  summary:
    "The signed-in user's desk: their merchants by stage, merchants over their stage's SLA (theirs; everyone's " +
    'for admins), recent activity on their merchants, and KPIs of the last 30 days against the 30 before',
  // The same ability as the /home page itself, and merchants: the tiles name them.
  ability: [
    { action: 'read', subject: 'home-page' },
    { action: 'read', subject: 'merchant' },
  ],
  responses: { 200: jsonResponse('The home tiles', homeSummarySchema), ...problems(401, 403) },
});
