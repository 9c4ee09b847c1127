import {
  createTemplateSchema,
  messageDeliverySchema,
  templateListQuerySchema,
  templatePlaceholdersResponseSchema,
  templatePreviewResultSchema,
  templatePreviewSchema,
  templateSchema,
  updateTemplateSchema,
} from '@boardwalk/shared';
import { authResponses, jsonBody, jsonResponse, documentedProblem } from '../../lib/http/openapi.ts';
import { crudRoutes } from '../../lib/crud/routes.ts';
import { defineRoute } from '../../lib/http/define-route.ts';

export const templateRoutes = crudRoutes({
  path: '/api/templates',
  tag: 'templates',
  subject: 'template',
  key: 'templates',
  label: 'template',
  schemas: {
    row: templateSchema,
    create: createTemplateSchema,
    update: updateTemplateSchema,
    query: templateListQuerySchema,
  },
});

export const previewTemplateRoute = defineRoute({
  method: 'post',
  path: '/api/templates/preview',
  tags: ['templates'],
  summary: 'Render a template with the sample merchant or a real one (nothing is saved)',
  // A real merchant's values are that merchant's data: the caller must be allowed to read merchants.
  ability: [
    { action: 'read', subject: 'template' },
    { action: 'read', subject: 'merchant' },
  ],
  request: { body: jsonBody(templatePreviewSchema) },
  responses: {
    200: jsonResponse(
      'Email: subject, HTML (values escaped) and text part, as sent. SMS: text. With a merchant: its empty placeholders.',
      templatePreviewResultSchema,
    ),
    400: documentedProblem('Syntax or placeholder errors, per field with their line, or too much work to render'),
    404: documentedProblem('No merchant with this id (or it is deleted)'),
    429: documentedProblem('The caller already has previews rendering (Retry-After)'),
    503: documentedProblem('Too many renders waiting across all users (Retry-After)'),
    ...authResponses,
  },
});

export const templatePlaceholdersRoute = defineRoute({
  method: 'get',
  path: '/api/templates/placeholders',
  tags: ['templates'],
  summary: 'Every placeholder a template may use, with its meaning and an example',
  ability: { action: 'read', subject: 'template' },
  responses: { 200: jsonResponse('The placeholder catalogue', templatePlaceholdersResponseSchema), ...authResponses },
});

export const messageDeliveryRoute = defineRoute({
  method: 'get',
  path: '/api/templates/delivery',
  tags: ['templates'],
  summary: 'Whether emails reach a mail server, or are only logged (no SMTP configured)',
  ability: { action: 'read', subject: 'template' },
  responses: { 200: jsonResponse('Where emails go', messageDeliverySchema), ...authResponses },
});
