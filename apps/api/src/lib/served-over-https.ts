import type { Context } from 'hono';
import { requestOrigin } from './forwarded.ts';

/**
 * Decides Secure / `__Host-` session cookies and HSTS: the request URL's scheme, or
 * X-Forwarded-Proto only with TRUST_PROXY on (lib/forwarded.ts).
 */
export function servedOverHttps(c: Context): boolean {
  return requestOrigin(c).https;
}
