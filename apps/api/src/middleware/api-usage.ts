import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { AUTH_BASE_PATH } from '../auth/auth-config.ts';
import type { AppEnv } from '../lib/context.ts';
import { clientIp } from '../lib/forwarded.ts';
import type { UsageLog } from '../lib/usage-log.ts';

/** Not API usage: Auth.js's own traffic and the load balancer's health probe. */
const SKIPPED = (path: string) => path.startsWith(`${AUTH_BASE_PATH}/`) || path === '/api/health';

/**
 * One usage row per API request, session or token: the route's pattern (not the
 * path with its ids), status and duration. The row only joins the in-memory queue of
 * lib/usage-log.ts; the database write happens later, in a batch, off the request's path.
 */
export function apiUsage(usageLog: UsageLog) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SKIPPED(c.req.path)) return next();
    const at = c.get('deps').now?.() ?? new Date();
    const started = performance.now();
    await next();
    const actor = c.get('actor');
    usageLog.record({
      at,
      tokenId: actor?.type === 'token' ? actor.tokenId : null,
      userId: actor?.userId ?? null,
      method: c.req.method,
      route: routePattern(routePath(c), c.req.path),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ip: clientIp(c),
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    });
  });
}

/**
 * The pattern of the handler that answered (`/api/merchants/:id`), not a middleware's `*`:
 * after next() returns, the current route index is the deepest handler the request reached.
 * A request no route took (the API's 404 catch-all) is `/api/*`.
 */
function routePattern(route: string, path: string): string {
  if (route && !route.endsWith('*')) return route;
  return path.startsWith('/api/') ? '/api/*' : path;
}
