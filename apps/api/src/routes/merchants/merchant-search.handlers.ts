import { searchResponseSchema } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { cachedJson, readerOf } from '../../lib/read-cache/cached-json.ts';
import * as routes from './merchant-search.routes.ts';
import { searchMerchants } from '../../domain/merchants/search/merchant-search.service.ts';

export function registerMerchantSearchRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.searchMerchants, async (c) => {
    const { q } = c.req.valid('query');
    // The answer depends on the trimmed q only (searchMerchants trims it), and on who may read it.
    const key = `search|${readerOf(callerOf(c).actor)}|${q.trim()}`;
    return cachedJson(c, key, searchResponseSchema, async () => ({
      data: await searchMerchants(c.get('db'), q),
    }));
  });
}
