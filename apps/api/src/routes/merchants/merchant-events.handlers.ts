import type { OpenAPIHono } from '@hono/zod-openapi';
import { listMerchantEvents } from '../../domain/merchants/timeline/merchant-timeline.service.ts';
import type { AppEnv } from '../../lib/context.ts';
import { listMerchantEventsRoute } from './merchant-events.routes.ts';

/** A merchant's timeline. */
export function registerMerchantEventRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listMerchantEventsRoute, async (c) =>
    c.json(await listMerchantEvents(c.get('db'), c.req.valid('param').id, c.req.valid('query')), 200),
  );
}
