import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The only reader of X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host. Anyone can send
 * them, so they mean something only when a reverse proxy in front of us sets them: the
 * TRUST_PROXY setting (config.trustProxy) says so. Off (the default), they are
 * ignored and the socket and the request URL are the truth. On, we trust one hop: each header's
 * right-most value, the one our own proxy wrote (a client can only prepend to a list it sends).
 */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/** Where the request came from, as far as the configuration lets us believe. */
export type RequestOrigin = {
  /** The client address, or null when there is no socket (app.request() in tests). */
  ip: string | null;
  https: boolean;
  /** host[:port] the client addressed. */
  host: string;
};

export function requestOrigin(c: Context): RequestOrigin {
  // Asked several times per request (usage log, caller, HSTS): the URL is parsed only without a Host.
  const href = c.req.url;
  const direct: RequestOrigin = {
    ip: peerAddress(c),
    https: href.startsWith('https:'),
    host: c.req.header('host') ?? new URL(href).host,
  };
  if (!trustsProxy(c)) return direct;
  const proto = lastValue(c.req.header('x-forwarded-proto'))?.replace(/:$/, '').toLowerCase();
  return {
    ip: lastValue(c.req.header('x-forwarded-for')) ?? direct.ip,
    https: proto ? proto === 'https' : direct.https,
    host: lastValue(c.req.header('x-forwarded-host')) ?? direct.host,
  };
}

/**
 * Libraries that read the forwarded headers themselves (@hono/auth-js and Auth.js build their
 * URLs from X-Forwarded-Proto/-Host) must see what we believe and nothing else: with the proxy
 * not trusted the headers are removed; with it trusted each is cut to the one value we use.
 */
export function normaliseForwardedHeaders(c: Context): void {
  const headers = c.req.raw.headers;
  const trusted = trustsProxy(c);
  for (const name of FORWARDED_HEADERS) {
    // Only touch what is there: @hono/node-server builds a full Headers object on the first write.
    const sent = headers.get(name);
    if (sent === null) continue;
    const value = trusted ? lastValue(sent) : undefined;
    if (value === sent) continue;
    if (value) headers.set(name, value);
    else headers.delete(name);
  }
}

/** Callers pass a plain Context (handlers, Auth.js callbacks); every app request has deps. */
function trustsProxy(c: Context): boolean {
  return (c as Context<AppEnv>).get('deps').config.trustProxy;
}

function lastValue(header: string | null | undefined): string | undefined {
  const value = header?.split(',').at(-1)?.trim();
  return value ? value : undefined;
}

function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // app.request() in tests has no socket
  }
}

/** The client's address: the socket peer, or X-Forwarded-For only with TRUST_PROXY on. */
export function clientIp(c: Context): string | null {
  return requestOrigin(c).ip;
}

/** Decides Secure / `__Host-` session cookies and HSTS: the URL's scheme, or X-Forwarded-Proto with TRUST_PROXY on. */
export function servedOverHttps(c: Context): boolean {
  return requestOrigin(c).https;
}
