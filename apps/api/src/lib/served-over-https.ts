import type { Context } from 'hono';

/** As @hono/auth-js sees the request: X-Forwarded-Proto when a proxy sets it, else the URL. */
export function servedOverHttps(c: Context): boolean {
  const forwarded = c.req.header('x-forwarded-proto');
  if (forwarded) return forwarded.split(',')[0]!.trim().replace(/:$/, '') === 'https';
  return new URL(c.req.url).protocol === 'https:';
}
