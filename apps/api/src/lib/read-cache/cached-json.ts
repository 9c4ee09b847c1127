import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { COMPRESS_MIN_BYTES, compressBody, pickEncoding } from '../http/compression.ts';
import type { Actor, AppDeps, AppEnv } from '../context.ts';
import { markConformed, stripToSchema } from '../http/contract.ts';
import { ReadCache, type CachedAnswer } from './read-cache.ts';
import { listenForChanges } from './read-cache-listener.ts';

/** One cache per database (so per process): every app made on it shares it, and its listener. */
const caches = new WeakMap<Database, ReadCache>();

/** The read cache of this process's database, made (and listening) on first use. */
export function readCacheOf(deps: Pick<AppDeps, 'database' | 'config' | 'logger'>): ReadCache {
  let cache = caches.get(deps.database);
  if (!cache) {
    cache = new ReadCache(deps.config.readCacheMb * 1024 * 1024);
    caches.set(deps.database, cache);
    if (cache.maxBytes > 0) listenForChanges(deps.database, cache, deps.logger);
  }
  return cache;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Empties the read cache once any other request has been answered, that is after its transaction
 * committed, before the answer leaves: whoever wrote reads their own write next, without waiting
 * for the notification (which other processes wait for). Registered first, so it runs last.
 */
export function emptyReadCacheAfterWrites(cache: ReadCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (READS.has(c.req.method)) return next();
    try {
      await next();
    } finally {
      cache.invalidate();
    }
  });
}

/**
 * Who the answer is for, as far as it can differ: the role (abilities follow from it).
 * Today every role that may read merchants reads them all, alike; the key keeps them apart anyway,
 * so that a rule that narrows one role's merchants can never be answered from another's entry.
 */
export function readerOf(actor: Actor): string {
  return actor.role;
}

/** The key of an object: its entries sorted, undefined left out, at any depth. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * A 200 JSON answer through the read cache: `key` is everything the answer depends on (null: do
 * not cache), `schema` the route's 200 schema (the body is cut down to it before it is stored, as
 * conformToContract would), `compute` the answer. Without the cache (off, or not listening) this
 * is `c.json(await compute(), 200)`. Compressed forms are made once per encoding and kept.
 */
export async function cachedJson<S extends z.ZodType>(
  c: Context<AppEnv>,
  key: string | null,
  schema: S,
  compute: () => Promise<z.output<S>>,
): Promise<CachedJsonResponse<z.output<S>>> {
  return (await cachedJsonResponse(c, key, schema, compute)) as CachedJsonResponse<z.output<S>>;
}

/** What c.json(body, 200) answers, to the route's typing: the cached response is the same answer. */
type CachedJsonResponse<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

async function cachedJsonResponse(
  c: Context<AppEnv>,
  key: string | null,
  schema: z.ZodType,
  compute: () => Promise<unknown>,
): Promise<Response> {
  const cache = readCacheOf(c.get('deps'));
  // Taken before any query: an answer begun before a write committed is never stored.
  const ticket = key === null ? null : cache.begin();
  if (ticket === null || key === null) return c.json((await compute()) as object, 200);
  let answer = cache.get(key);
  if (!answer) {
    const json = Buffer.from(JSON.stringify(stripToSchema(schema, await compute())));
    answer = { json, encoded: {} };
    cache.store(ticket, key, answer);
  }
  return respond(c, cache, key, answer);
}

/**
 * The answer through c.body, so that what middleware set before the handler (c.header: the token
 * rate limit, CORS) is sent with it, as with c.json.
 */
async function respond(c: Context<AppEnv>, cache: ReadCache, key: string, answer: CachedAnswer): Promise<Response> {
  const encoding = c.req.method === 'HEAD' ? undefined : pickEncoding(c.req.header('Accept-Encoding'));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (!encoding || answer.json.length < COMPRESS_MIN_BYTES) {
    // compressJson adds Vary as it does to every JSON answer, and finds nothing to compress.
    headers['Content-Length'] = String(answer.json.length);
    return markConformed(c.body(answer.json, 200, headers));
  }
  let body = answer.encoded[encoding];
  if (!body) {
    body = await compressBody(answer.json, encoding);
    cache.addEncoded(key, answer, encoding, body);
  }
  headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  headers.Vary = 'Accept-Encoding';
  return markConformed(c.body(body, 200, headers));
}
