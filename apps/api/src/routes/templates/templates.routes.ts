import {
  createTemplateSchema,
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
  summary: 'Render a template with a sample merchant (nothing is saved)',
  ability: { action: 'read', subject: 'template' },
  request: { body: jsonBody(templatePreviewSchema) },
  responses: {
    200: jsonResponse('Email: subject and HTML (values escaped). SMS: text.', templatePreviewResultSchema),
    400: documentedProblem('Syntax or placeholder errors, per field with their line, or too much work to render'),
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
