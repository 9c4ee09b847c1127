import { publicSettingsSchema, settingSchemas, smtpSettingSchema, updateSettingsSchema } from '@boardwalk/shared';
import { z } from 'zod';
import { authResponses, jsonBody, jsonResponse, documentedProblem } from '../../lib/http/openapi.ts';
import { defineRoute } from '../../lib/http/define-route.ts';

const settingsResponse = z
  .object({
    ...settingSchemas,
    smtp: smtpSettingSchema.extend({ password: z.string().describe("'••••' + last 4, or ''") }),
  })
  .meta({ id: 'Settings' });

export const getSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/settings',
  tags: ['settings'],
  summary: 'Every global setting (defaults where unset), the SMTP password masked',
  ability: { action: 'read', subject: 'setting' },
  responses: { 200: jsonResponse('The settings', settingsResponse), ...authResponses },
});

export const updateSettingsRoute = defineRoute({
  method: 'patch',
  path: '/api/settings',
  tags: ['settings'],
  summary:
    'Change some settings: { key: value, ... }. A masked SMTP password keeps the stored one. Changing a security ' +
    'setting (session idle, password length, log retention) or SMTP needs currentPassword (step-up). Changing the ' +
    'SMTP host or port is for administrators only (403 otherwise), and the host must be a public address unless ' +
    'the server allows private networks (400 on smtp.host).',
  ability: { action: 'update', subject: 'setting' },
  request: { body: jsonBody(updateSettingsSchema) },
  responses: {
    200: jsonResponse('All settings after the change', settingsResponse),
    400: documentedProblem('Invalid values (errors holds them, e.g. smtp.port), or a missing/wrong currentPassword'),
    429: documentedProblem('Wrong currentPassword too often: the account is locked, like sign-in (Retry-After)'),
    ...authResponses,
  },
});

export const getPublicSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/settings/public',
  tags: ['settings'],
  summary: 'What the page title needs, before sign-in',
  ability: 'public',
  responses: { 200: jsonResponse('Public settings', publicSettingsSchema) },
});
