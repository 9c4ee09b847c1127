import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import { previewTemplateRoute, templatePlaceholdersRoute, templateRoutes } from './templates.routes.ts';
import { createPreviewLimit } from '../../domain/templates/preview-limit.ts';
import { listPlaceholders, previewTemplate, templateService } from '../../domain/templates/templates.service.ts';

export function registerTemplateRoutes(app: OpenAPIHono<AppEnv>) {
  const withPreviewSlot = createPreviewLimit();
  // Before the CRUD routes, so that /placeholders and /preview are never taken for an {id}.
  app.openapi(templatePlaceholdersRoute, (c) => c.json(listPlaceholders(), 200));
  app.openapi(previewTemplateRoute, async (c) => {
    // The route's ability check ran before: there is an actor.
    const userId = c.get('actor')?.userId ?? 'anonymous';
    const input = c.req.valid('json');
    return c.json(await withPreviewSlot(userId, () => previewTemplate(c.get('db'), input)), 200);
  });
  registerCrudRoutes(app, templateRoutes, templateService);
}
