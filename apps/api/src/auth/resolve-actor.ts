import { decode } from '@auth/core/jwt';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { problemResponse } from '../lib/problem.ts';
import { AUTH_BASE_PATH, sessionCookieName } from './auth-config.ts';
import { loadActiveSession, touchSession } from './session-store.ts';

/** The session cookie names auth-config.ts sets: `__Host-` prefixed when served over HTTPS. */
export const SESSION_COOKIE_NAMES = [sessionCookieName(true), sessionCookieName(false)] as const;

/** What a user with a temporary password may do before replacing it. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set([
  'GET /api/me',
  'GET /api/me/settings',
  'PUT /api/me/settings',
  'POST /api/me/password',
  'GET /api/health',
]);
export const MUST_CHANGE_PASSWORD_DETAIL = 'Change your temporary password first (POST /api/me/password).';

/**
 * Sets `actor` from the Auth.js session cookie, or leaves it null. The cookie only names a
 * session row; the row decides (revoked, idle, 12 h, user suspended or deleted → null).
 * Authorisation is the route's business (middleware/authorize.ts); the one answer given here
 * is 403 for a user who still has to replace an administrator-set temporary password.
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
          if (active.user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${c.req.method} ${c.req.path}`)) {
            return problemResponse(c, 403, { detail: MUST_CHANGE_PASSWORD_DETAIL });
          }
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
