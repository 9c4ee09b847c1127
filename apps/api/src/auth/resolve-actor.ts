import { decode } from '@auth/core/jwt';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { AUTH_BASE_PATH, sessionCookieName } from './auth-config.ts';
import { loadActiveSession, touchSession } from './session-store.ts';

/** The session cookie names auth-config.ts sets: `__Host-` prefixed when served over HTTPS. */
export const SESSION_COOKIE_NAMES = [sessionCookieName(true), sessionCookieName(false)] as const;

/**
 * Sets `actor` from the Auth.js session cookie, or leaves it null. The cookie only names a
 * session row; the row decides (revoked, idle, 12 h, user suspended or deleted → null).
 * Authorisation is the route's business (middleware/authorize.ts); this never answers itself.
 */
export function resolveActor() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.path.startsWith(`${AUTH_BASE_PATH}/`)) return next(); // Auth.js checks its own
    const found = readSessionCookie(getCookie(c));
    if (found) {
      const deps = c.get('deps');
      const token = await decode({ token: found.value, secret: deps.secrets.authSecret, salt: found.name }).catch(
        () => null,
      );
      const sid = typeof token?.sid === 'string' ? token.sid : null;
      if (sid && typeof token?.sub === 'string') {
        const now = deps.now?.() ?? new Date();
        const active = await loadActiveSession(c.get('db'), sid, now);
        if (active && active.user.id === token.sub) {
          await touchSession(c.get('db'), active, now);
          c.set('actor', { type: 'user', userId: active.user.id, role: active.user.role, sessionId: active.sessionId });
        }
      }
    }
    await next();
  });
}

/** The session cookie, joined back together when Auth.js split it into `.0`, `.1`, … chunks. */
function readSessionCookie(cookies: Record<string, string>): { name: string; value: string } | null {
  for (const name of SESSION_COOKIE_NAMES) {
    if (cookies[name]) return { name, value: cookies[name] };
    const chunks = Object.keys(cookies)
      .filter((k) => k.startsWith(`${name}.`) && /^\d+$/.test(k.slice(name.length + 1)))
      .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
    if (chunks.length) return { name, value: chunks.map((k) => cookies[k]).join('') };
  }
  return null;
}
