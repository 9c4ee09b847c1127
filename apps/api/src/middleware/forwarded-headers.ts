import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { normaliseForwardedHeaders } from '../lib/forwarded.ts';

/**
 * Runs before anything else reads the request (after requestContext, which provides the
 * config): the forwarded headers that TRUST_PROXY does not let us believe are gone for every
 * later reader, ours and the libraries' (lib/forwarded.ts).
 */
export function forwardedHeaders() {
  return createMiddleware<AppEnv>(async (c, next) => {
    normaliseForwardedHeaders(c);
    await next();
  });
}
