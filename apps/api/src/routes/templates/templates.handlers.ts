import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { registerCrudRoutes } from '../../lib/crud/handlers.ts';
import {
  messageDeliveryRoute,
  previewTemplateRoute,
  templatePlaceholdersRoute,
  templateRoutes,
} from './templates.routes.ts';
import { createPreviewLimit } from '../../domain/templates/preview-limit.ts';
import {
  listPlaceholders,
  messageDelivery,
  previewTemplate,
  templateService,
} from '../../domain/templates/templates.service.ts';

export function registerTemplateRoutes(app: OpenAPIHono<AppEnv>) {
  const withPreviewSlot = createPreviewLimit();
  // Before the CRUD routes, so that /placeholders, /delivery and /preview are never taken for an {id}.
  app.openapi(templatePlaceholdersRoute, (c) => c.json(listPlaceholders(), 200));
  app.openapi(messageDeliveryRoute, async (c) =>
    c.json(await messageDelivery(c.get('db'), c.get('deps').config.smtpUrl), 200),
  );
  app.openapi(previewTemplateRoute, async (c) => {
    // The route's ability check ran before: there is an actor.
    const userId = c.get('actor')?.userId ?? 'anonymous';
    const input = c.req.valid('json');
    const portal = { publicUrl: c.get('deps').config.publicUrl };
    return c.json(
      await withPreviewSlot(userId, () => previewTemplate(c.get('db'), input, portal, callerOf(c).now)),
      200,
    );
  });
  registerCrudRoutes(app, templateRoutes, templateService);
}
