import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import * as routes from './merchant-search.routes.ts';
import { searchMerchants } from './merchant-search.service.ts';

export function registerMerchantSearchRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.searchMerchants, async (c) => {
    const { q } = c.req.valid('query');
    return c.json({ data: await searchMerchants(c.get('db'), q) }, 200);
  });
}
