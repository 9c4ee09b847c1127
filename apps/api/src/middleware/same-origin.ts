import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { bearerOf } from '../auth/token-auth.ts';
import { requestOrigin } from '../lib/forwarded.ts';
import { problemResponse } from '../lib/problem.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests a browser sends from another site, on top of SameSite
 * cookies and Auth.js's CSRF token. Browsers send Sec-Fetch-Site; older ones only Origin.
 * Requests with neither (curl, scripts) are not from a browser page and pass; neither do
 * requests with `Authorization: Bearer` (API tokens), which carry their own credential.
 */
export function sameOrigin() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // A bearer token is not an ambient credential a browser adds on its own: no CSRF to stop.
    // The cookie is then ignored (resolve-actor.ts), so no session rides along either.
    if (bearerOf(c) !== null) return next();
    const site = c.req.header('sec-fetch-site');
    if (site) {
      if (site === 'same-origin' || site === 'none') return next();
      return problemResponse(c, 403, { detail: 'Cross-site requests are not accepted.', code: 'cross_site' });
    }
    const origin = c.req.header('origin');
    if (!origin) return next();
    // The host the client addressed; X-Forwarded-Host counts only with TRUST_PROXY on.
    if (hostOf(origin) === requestOrigin(c).host) return next();
    return problemResponse(c, 403, { detail: 'Cross-site requests are not accepted.', code: 'cross_site' });
  });
}

/** The host of an Origin header; null for "null" or garbage (an opaque origin is never ours). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
