import type { Context } from 'hono';
import { requestOrigin } from './forwarded.ts';

/** The client's address: the socket peer, or X-Forwarded-For only with TRUST_PROXY on. */
export function clientIp(c: Context): string | null {
  return requestOrigin(c).ip;
}
