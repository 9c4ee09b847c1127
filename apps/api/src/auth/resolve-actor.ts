import { getToken } from '@auth/core/jwt';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../lib/context.ts';
import { problemResponse } from '../lib/problem.ts';
import { AUTH_BASE_PATH, sessionCookieName } from './auth-config.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { SessionCache, type SessionToken } from './session-cache.ts';
import { loadActiveSession, touchSession, type ActiveSession } from './session-store.ts';
import { bearerOf, resolveBearer } from './token-auth.ts';
import type { Db } from '../db/client.ts';

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
export const MUST_CHANGE_PASSWORD_DETAIL = 'Change your temporary password before continuing.';

/** What a user whose role requires two-factor sign-in may do before enrolling. */
const ALLOWED_BEFORE_MFA_ENROLMENT = new Set([
  'GET /api/me',
  'GET /api/me/settings',
  'PUT /api/me/settings',
  'GET /api/me/mfa',
  'POST /api/me/mfa/setup',
  'POST /api/me/mfa/confirm',
  'GET /api/health',
]);
export const MUST_ENROLL_MFA_DETAIL = 'Your role requires two-factor sign-in: set it up before continuing.';

/** One session cache per app (its deps), shared by every path resolveActor is mounted on. */
const caches = new WeakMap<AppDeps, SessionCache>();
function cacheOf(deps: AppDeps): SessionCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new SessionCache(deps.config.sessionCacheMs);
    caches.set(deps, cache);
  }
  return cache;
}

/** Methods that never change a session, a user or a setting (safe methods, RFC 9110 §9.2.1). */
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sets `actor` from `Authorization: Bearer` (an API token, auth/token-auth.ts) or from the
 * Auth.js session cookie, or leaves it null. The cookie only names a session row; the row
 * decides (revoked, idle, 12 h, user suspended or deleted → null), read through a short-lived
 * cache (session-cache.ts, decision 027) that every request which may write empties once
 * answered. Authorisation is the route's business (lib/http/authorize.ts); the one answer given
 * here is 403 for a user who still has to replace an administrator-set temporary password, or to
 * enrol a second factor their role requires.
 */
export function resolveActor(tokenLimiter: RateLimiter) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const cache = cacheOf(c.get('deps'));
    if (READ_ONLY.has(c.req.method)) return identify(c, next, cache, tokenLimiter);
    try {
      return await identify(c, next, cache, tokenLimiter);
    } finally {
      // After the answer (the write committed or failed, a token's included, a sign-out too):
      // nothing read before it is reused.
      cache.invalidate();
    }
  });
}

type Ctx = Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0];

async function identify(c: Ctx, next: () => Promise<void>, cache: SessionCache, tokenLimiter: RateLimiter) {
  const bearer = bearerOf(c);
  if (c.req.path.startsWith(`${AUTH_BASE_PATH}/`)) {
    // Auth.js checks its own cookies; an API token never signs in, out or reads a session.
    if (bearer !== null) {
      return problemResponse(c, 403, { detail: 'API tokens cannot be used here.', code: 'token_not_allowed' });
    }
    return next();
  }
  // A bearer credential decides alone: a bad token is a 401 even beside a good session cookie.
  if (bearer !== null) {
    const refused = await resolveBearer(c, bearer, tokenLimiter);
    return refused ?? next();
  }
  const deps = c.get('deps');
  const token = await readSessionToken(c.req.header('cookie'), deps.secrets.authSecret, cache);
  if (token) {
    const now = deps.now?.() ?? new Date();
    const db = c.get('db');
    const active = await activeSession(db, token.sid, now, cache);
    if (active && active.user.id === token.sub) {
      await touchSession(db, active, now);
      c.set('actor', { type: 'user', userId: active.user.id, role: active.user.role, sessionId: active.sessionId });
      const route = `${c.req.method} ${c.req.path}`;
      if (active.user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(route)) {
        return problemResponse(c, 403, { detail: MUST_CHANGE_PASSWORD_DETAIL });
      }
      // The password first, then the second factor: the dialogs come in that order too.
      if (!active.user.mustChangePassword && active.user.mustEnrollMfa && !ALLOWED_BEFORE_MFA_ENROLMENT.has(route)) {
        return problemResponse(c, 403, { detail: MUST_ENROLL_MFA_DETAIL });
      }
    }
  }
  await next();
}

/** The session row's verdict, from the cache when it was read less than its TTL ago. */
async function activeSession(db: Db, sid: string, now: Date, cache: SessionCache): Promise<ActiveSession | null> {
  const cached = cache.session(sid, now);
  if (cached) return cached;
  const epoch = cache.epoch;
  const active = await loadActiveSession(db, sid, now);
  if (active) cache.storeSession(active, epoch);
  return active;
}

/**
 * The Auth.js session token from the cookie header, whichever of our two cookie names carries
 * it; getToken joins the `.0`, `.1`, … chunks Auth.js splits a large cookie into. Only the
 * cookie header is handed over: getToken would otherwise also take `Authorization: Bearer` as a
 * session token, and bearer tokens here are API tokens, not sessions. What a cookie header
 * decrypts to is kept until the token expires (a cookie that decrypts to nothing is not kept).
 */
async function readSessionToken(
  cookie: string | undefined,
  secret: string,
  cache: SessionCache,
): Promise<SessionToken | null> {
  if (!cookie) return null;
  const known = cache.token(cookie);
  if (known) return known;
  const req = { headers: { cookie } };
  for (const cookieName of SESSION_COOKIE_NAMES) {
    const token = await getToken({ req, secret, cookieName, salt: cookieName });
    if (!token) continue;
    if (typeof token.sid !== 'string' || typeof token.sub !== 'string') return null;
    const decoded = {
      sid: token.sid,
      sub: token.sub,
      expiresAtMs: typeof token.exp === 'number' ? token.exp * 1000 : Date.now(),
    };
    cache.storeToken(cookie, decoded);
    return decoded;
  }
  return null;
}
