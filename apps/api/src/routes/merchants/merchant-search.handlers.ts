import { searchResponseSchema } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { cachedJson, readerOf } from '../../lib/read-cache/cached-json.ts';
import { merchantScope } from '../../lib/http/merchant-scope.ts';
import { searchScopedMerchants } from '../../domain/merchants/scope/merchant-scope-search.ts';
import * as routes from './merchant-search.routes.ts';
import { searchMerchants } from '../../domain/merchants/search/merchant-search.service.ts';

export function registerMerchantSearchRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.searchMerchants, async (c) => {
    const { q } = c.req.valid('query');
    const scope = await merchantScope(c);
    // A scoped caller (decision 110) searches their few merchants directly, never from the cache.
    if (scope) return c.json({ data: await searchScopedMerchants(c.get('db'), callerOf(c), q, scope) }, 200);
    // The answer depends on the trimmed q only (searchMerchants trims it), and on who may read it.
    const key = `search|${readerOf(callerOf(c).actor)}|${q.trim()}`;
    return cachedJson(c, key, searchResponseSchema, async () => ({
      data: await searchMerchants(c.get('db'), q),
    }));
  });
}
