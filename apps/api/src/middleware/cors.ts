import { createMiddleware } from 'hono/factory';
import { readSetting } from '../auth/settings.ts';
import { AUTH_BASE_PATH } from '../auth/auth-config.ts';
import type { AppEnv } from '../lib/context.ts';
import { requestOrigin } from '../lib/forwarded.ts';

/** Token routes and Auth.js are for the portal itself: never opened to another origin. */
const CLOSED = [AUTH_BASE_PATH, '/api/api-tokens', '/api/me'];
const closed = (path: string) => CLOSED.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * CORS stays closed (no Access-Control-* header at all) unless the corsAllowedOrigins setting
 * names the request's Origin. Then the API answers that origin for bearer calls only: no
 * Allow-Credentials, so a browser never sends the session cookie along (docs/decisions/033).
 * The setting is read only for a request from another origin, so same-origin calls pay nothing.
 */
export function cors() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || closed(c.req.path)) return next();
    if (sameHost(origin, requestOrigin(c).host)) return next();
    const allowed = await readSetting(c.get('db'), 'corsAllowedOrigins');
    if (!allowed.includes(origin)) return next();
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset');
    c.header('Vary', 'Origin', { append: true });
  });
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
