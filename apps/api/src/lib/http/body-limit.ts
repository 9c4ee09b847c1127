import type { Context, MiddlewareHandler, Next } from 'hono';
import { matchedRoutes } from 'hono/route';
import { problemResponse } from '../problem.ts';

export const KB = 1024;
export const MB = 1024 * KB;

/** JSON bodies of the API: a route that needs more says so with bodyLimit(). */
export const DEFAULT_BODY_LIMIT = 1 * MB;

const ROUTE_LIMIT = Symbol('route body limit');

type RouteBodyLimit = MiddlewareHandler & { readonly [ROUTE_LIMIT]: number };

/**
 * A route's own cap on its request body, larger or smaller than the default: put it in the
 * route's middleware (`createRoute({ middleware: [bodyLimit(20 * MB)] })`, or
 * `app.use(path, bodyLimit(…))`). defaultBodyLimit() steps aside for a route that has one, so an
 * upload route is not cut at 1 MB before its own limit runs.
 */
export function bodyLimit(maxBytes: number): RouteBodyLimit {
  const handler: MiddlewareHandler = (c, next) => capBody(c, next, maxBytes);
  return Object.assign(handler, { [ROUTE_LIMIT]: maxBytes });
}

/**
 * For a route that reads its body as a stream and enforces its own limit while it counts the
 * bytes (document uploads, whose limit is a setting): the default cap steps aside and nothing is
 * buffered here. Mount it with `app.use(path, streamedBody())`.
 */
export function streamedBody(): RouteBodyLimit {
  const handler: MiddlewareHandler = (_c, next) => next();
  return Object.assign(handler, { [ROUTE_LIMIT]: Number.POSITIVE_INFINITY });
}

/** The cap for every request whose route declares none; mounted once for the whole app. */
export function defaultBodyLimit(maxBytes = DEFAULT_BODY_LIMIT): MiddlewareHandler {
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next(); // no body: see capBody
    if (matchedRoutes(c).some((route) => ROUTE_LIMIT in route.handler)) return next();
    return capBody(c, next, maxBytes);
  };
}

/**
 * Refuses a body over maxBytes before any handler reads it. A declared Content-Length over the
 * cap is refused without reading a byte; otherwise the bytes are counted as they arrive, because
 * a chunked body declares no length and a declared one may be a lie. The counted body (at most
 * maxBytes, held in memory) is what the handler then reads.
 */
async function capBody(c: Context, next: Next, maxBytes: number) {
  // A GET or HEAD request has no body (the fetch Request refuses one). Asking for `body` makes
  // @hono/node-server build the whole undici Request with its AbortController (decision 056).
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const body = c.req.raw.body;
  if (!body) return next();
  const declared = Number(c.req.header('content-length'));
  if (declared > maxBytes) return tooLarge(c, maxBytes);

  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // The rest is left unread: the HTTP server reads and discards it after the answer (at most
    // 64 MB or 30 s, http-server.ts), so the client can finish sending and read the 413.
    if (size > maxBytes) return tooLarge(c, maxBytes);
    chunks.push(value);
  }
  c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
  return next();
}

function tooLarge(c: Context, maxBytes: number) {
  return problemResponse(c, 413, {
    detail: `The request body is larger than the ${formatBytes(maxBytes)} allowed here.`,
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= KB && bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} bytes`;
}
