import {
  automationDryRunResponseSchema,
  automationDryRunSchema,
  automationListQuerySchema,
  automationPreviewResponseSchema,
  automationPreviewSchema,
  automationSchema,
  createAutomationSchema,
  updateAutomationSchema,
} from '@boardwalk/shared/schemas/automation';
import { crudRoutes } from '../../lib/crud/routes.ts';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

/** /api/automations (SPEC §7: the administration entities' list pattern, key `automations`). */
export const automationRoutes = crudRoutes({
  path: '/api/automations',
  tag: 'automations',
  subject: 'automation',
  key: 'automations',
  label: 'automation',
  schemas: {
    row: automationSchema,
    create: createAutomationSchema,
    update: updateAutomationSchema,
    query: automationListQuerySchema,
  },
});

export const duplicateAutomationRoute = defineRoute({
  method: 'post',
  path: '/api/automations/{id}/duplicate',
  tags: ['automations'],
  summary: 'Copies an automation: the copy is inactive and named "… (copy)"',
  ability: { action: 'create', subject: 'automation' },
  request: { params: idParams },
  responses: { 201: jsonResponse('The copy', automationSchema), ...problems(400, 401, 403, 404) },
});

export const previewAutomationRoute = defineRoute({
  method: 'post',
  path: '/api/automations/preview',
  tags: ['automations'],
  summary: 'How many current merchants match a trigger and its conditions now',
  ability: { action: 'read', subject: 'automation' },
  request: { body: jsonBody(automationPreviewSchema) },
  responses: { 200: jsonResponse('The count', automationPreviewResponseSchema), ...problems(400, 401, 403) },
});

export const dryRunAutomationRoute = defineRoute({
  method: 'post',
  path: '/api/automations/dry-run',
  tags: ['automations'],
  summary: 'What an automation would do for one merchant: its conditions checked, each action described; nothing sent',
  ability: { action: 'read', subject: 'automation' },
  request: { body: jsonBody(automationDryRunSchema) },
  responses: { 200: jsonResponse('The dry run', automationDryRunResponseSchema), ...problems(400, 401, 403, 404) },
});
