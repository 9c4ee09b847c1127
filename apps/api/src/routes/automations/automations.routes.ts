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

/**
 * Their actions change merchants when they run: creating or changing an automation needs update on
 * merchant too; a preview or a dry run answers merchant data (docs/decisions/071).
 */
const updateMerchant = { action: 'update', subject: 'merchant' } as const;
const readMerchant = { action: 'read', subject: 'merchant' } as const;

/** /api/automations (the administration entities' list pattern, key `automations`). */
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
  alsoNeeds: { create: [updateMerchant], update: [updateMerchant] },
});

export const duplicateAutomationRoute = defineRoute({
  method: 'post',
  path: '/api/automations/{id}/duplicate',
  tags: ['automations'],
  summary: 'Copies an automation: the copy is inactive and named "… (copy)"',
  ability: [{ action: 'create', subject: 'automation' }, updateMerchant],
  request: { params: idParams },
  responses: { 201: jsonResponse('The copy', automationSchema), ...problems(400, 401, 403, 404) },
});

export const previewAutomationRoute = defineRoute({
  method: 'post',
  path: '/api/automations/preview',
  tags: ['automations'],
  summary: 'How many current merchants match a trigger and its conditions now',
  ability: [{ action: 'read', subject: 'automation' }, readMerchant],
  request: { body: jsonBody(automationPreviewSchema) },
  responses: { 200: jsonResponse('The count', automationPreviewResponseSchema), ...problems(400, 401, 403) },
});

export const dryRunAutomationRoute = defineRoute({
  method: 'post',
  path: '/api/automations/dry-run',
  tags: ['automations'],
  summary: 'What an automation would do for one merchant: its conditions checked, each action described; nothing sent',
  ability: [{ action: 'read', subject: 'automation' }, readMerchant],
  request: { body: jsonBody(automationDryRunSchema) },
  responses: { 200: jsonResponse('The dry run', automationDryRunResponseSchema), ...problems(400, 401, 403, 404) },
});
