import {
  assignmentRuleInputSchema,
  assignmentRuleListSchema,
  assignmentRuleSchema,
  awayPeriodInputSchema,
  awayPeriodListSchema,
  awayPeriodSchema,
  queueListSchema,
  queueQuerySchema,
} from '@boardwalk/shared/schemas/assignment';
import { ASSIGNMENT_RULE_SUBJECT, AWAY_DATE_SUBJECT } from '@boardwalk/shared';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['assignment'];
const rule = (action: 'read' | 'create' | 'update' | 'delete') =>
  ({ action, subject: ASSIGNMENT_RULE_SUBJECT }) as const;
const away = (action: 'read' | 'create' | 'delete') => ({ action, subject: AWAY_DATE_SUBJECT }) as const;

export const listAssignmentRulesRoute = defineRoute({
  method: 'get',
  path: '/api/assignment-rules',
  tags,
  summary: 'Every assignment rule (admins)',
  ability: rule('read'),
  responses: { 200: jsonResponse('The rules', assignmentRuleListSchema), ...problems(401, 403) },
});

export const createAssignmentRuleRoute = defineRoute({
  method: 'post',
  path: '/api/assignment-rules',
  tags,
  summary: 'Add an assignment rule for a pipeline or a stage (admins)',
  description:
    'When a merchant enters the stage (or a stage of the pipeline) and nobody assigned it by hand, ' +
    'the first active rule whose risk levels match picks a user of its group: round robin or the ' +
    'fewest open merchants, skipping users away today or at capacity. Audited.',
  ability: rule('create'),
  request: { body: jsonBody(assignmentRuleInputSchema) },
  responses: { 201: jsonResponse('The new rule', assignmentRuleSchema), ...problems(400, 401, 403) },
});

export const replaceAssignmentRuleRoute = defineRoute({
  method: 'put',
  path: '/api/assignment-rules/{id}',
  tags,
  summary: 'Replace an assignment rule (the whole rule; its turn goes on where it was)',
  ability: rule('update'),
  request: { params: idParams, body: jsonBody(assignmentRuleInputSchema) },
  responses: { 200: jsonResponse('The rule', assignmentRuleSchema), ...problems(400, 401, 403, 404) },
});

export const removeAssignmentRuleRoute = defineRoute({
  method: 'delete',
  path: '/api/assignment-rules/{id}',
  tags,
  summary: 'Remove an assignment rule (assignments it made stay)',
  ability: rule('delete'),
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...problems(400, 401, 403, 404) },
});

export const listAwayDatesRoute = defineRoute({
  method: 'get',
  path: '/api/me/away-dates',
  tags,
  summary: 'The signed-in user’s away periods that have not ended',
  ability: away('read'),
  responses: { 200: jsonResponse('The periods', awayPeriodListSchema), ...problems(401, 403) },
});

export const addAwayDatesRoute = defineRoute({
  method: 'post',
  path: '/api/me/away-dates',
  tags,
  summary: 'Mark oneself away from one day to another (inclusive): rules skip the user then',
  ability: away('create'),
  request: { body: jsonBody(awayPeriodInputSchema) },
  responses: { 201: jsonResponse('The period', awayPeriodSchema), ...problems(400, 401, 403) },
});

export const removeAwayDatesRoute = defineRoute({
  method: 'delete',
  path: '/api/me/away-dates/{id}',
  tags,
  summary: 'Remove one of one’s own away periods',
  ability: away('delete'),
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...problems(400, 401, 403, 404) },
});

export const myQueueRoute = defineRoute({
  method: 'get',
  path: '/api/me/queue',
  tags,
  summary: 'My queue: the merchants assigned to me, longest in their stage first, with their SLA state',
  ability: { action: 'read', subject: 'merchant' },
  request: { query: queueQuerySchema },
  responses: { 200: jsonResponse('A page of the queue', queueListSchema), ...problems(400, 401, 403) },
});
