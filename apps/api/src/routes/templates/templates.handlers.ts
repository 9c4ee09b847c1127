import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import { previewTemplateRoute, templatePlaceholdersRoute, templateRoutes } from './templates.routes.ts';
import { listPlaceholders, previewTemplate, templateService } from './templates.service.ts';

export function registerTemplateRoutes(app: OpenAPIHono<AppEnv>) {
  // Before the CRUD routes, so that /placeholders and /preview are never taken for an {id}.
  app.openapi(templatePlaceholdersRoute, (c) => c.json(listPlaceholders(), 200));
  app.openapi(previewTemplateRoute, async (c) => c.json(await previewTemplate(c.get('db'), c.req.valid('json')), 200));
  registerCrudRoutes(app, templateRoutes, templateService);
}
