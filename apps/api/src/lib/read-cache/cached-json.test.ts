import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../context.ts';
import { createLogger } from '../logger.ts';
import { cachedJson, emptyReadCacheAfterWrites, readCacheOf, stableKey } from './cached-json.ts';
import { ReadCache } from './read-cache.ts';

/**
 * cachedJson with a database whose notifications the test sends itself (as the LISTEN connection
 * would deliver them): the order of a read's queries, a concurrent commit's notification and the
 * store is chosen here, not left to timing.
 */
function setUp() {
  let notify: () => void = () => {};
  const database = {
    driver: {
      kind: 'pglite',
      client: {
        listen: async (_channel: string, callback: () => void) => {
          notify = callback;
          return async () => {};
        },
      },
    },
    atClose: () => {},
  } as unknown as Database;
  const deps = { database, config: { readCacheMb: 1 }, logger: createLogger('silent') } as never;
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  const cache = readCacheOf(deps);
  app.use('*', emptyReadCacheAfterWrites(cache));
  let value = 1;
  let during: () => void = () => {};
  let computed = 0;
  app.get('/answer', (c) =>
    cachedJson(c, 'answer', z.object({ value: z.number() }), async () => {
      computed++;
      const seen = value;
      during();
      return { value: seen, secret: 'not in the contract' };
    }),
  );
  app.post('/write', (c) => {
    value++;
    return c.body(null, 204);
  });
  const get = async () => (await (await app.request('/answer')).json()) as { value: number };
  return {
    cache,
    get,
    app,
    notify: () => notify(),
    write: () => value++,
    set during(fn: () => void) {
      during = fn;
    },
    get computed() {
      return computed;
    },
  };
}

const listening = async (cache: ReadCache) => {
  for (let i = 0; i < 100 && !cache.enabled; i++) await new Promise((r) => setTimeout(r, 1));
  expect(cache.enabled).toBe(true);
};

describe('cachedJson', () => {
  it('keeps an answer, cut down to its contract, until a notification', async () => {
    const s = setUp();
    await listening(s.cache);
    expect(await s.get()).toEqual({ value: 1 });
    s.write();
    expect(await s.get(), 'served from the cache: no notification yet').toEqual({ value: 1 });
    expect(s.computed).toBe(1);
    s.notify();
    expect(await s.get()).toEqual({ value: 2 });
  });

  it('does not keep an answer when a write commits while it is computed', async () => {
    const s = setUp();
    await listening(s.cache);
    // The read took its snapshot before the commit; the commit's notification arrives before the store.
    s.during = () => {
      s.write();
      s.notify();
    };
    expect(await s.get(), 'the read itself answers what it saw').toEqual({ value: 1 });
    s.during = () => {};
    expect(await s.get(), 'but it was not kept').toEqual({ value: 2 });
    expect(s.computed).toBe(2);
  });

  it('drops what a notification that arrives after the store says is stale', async () => {
    const s = setUp();
    await listening(s.cache);
    await s.get();
    s.write();
    s.notify();
    expect(await s.get()).toEqual({ value: 2 });
  });

  it("empties the cache after a write request's answer, before it leaves", async () => {
    const s = setUp();
    await listening(s.cache);
    await s.get();
    expect((await s.app.request('/write', { method: 'POST' })).status).toBe(204);
    expect(await s.get()).toEqual({ value: 2 });
  });

  it('computes every answer while it is not listening (the connection lost)', async () => {
    const s = setUp();
    await listening(s.cache);
    s.cache.setListening(false);
    await s.get();
    await s.get();
    expect(s.computed).toBe(2);
    expect(s.cache.size).toBe(0);
  });
});

describe('ReadCache', () => {
  const answer = (bytes: number) => ({ json: Buffer.alloc(bytes), encoded: {} });

  it('refuses a store begun before an invalidation', () => {
    const cache = new ReadCache(1024 * 1024);
    cache.setListening(true);
    const ticket = cache.begin()!;
    cache.invalidate();
    expect(cache.store(ticket, 'k', answer(10))).toBe(false);
    expect(cache.get('k')).toBeUndefined();
  });

  it('stays within its bytes, least recently used out first', () => {
    const cache = new ReadCache(10_000);
    cache.setListening(true);
    for (const key of ['a', 'b', 'c', 'd']) cache.store(cache.begin()!, key, answer(1000));
    cache.get('a');
    for (const key of ['e', 'f', 'g', 'h', 'i', 'j']) cache.store(cache.begin()!, key, answer(1000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('is off (begin answers null) until it listens, and with no memory', () => {
    expect(new ReadCache(1000).begin()).toBeNull();
    const none = new ReadCache(0);
    none.setListening(true);
    expect(none.begin()).toBeNull();
  });

  it('keys objects whatever the order of their entries', () => {
    expect(stableKey({ b: 1, a: { d: 2, c: undefined } })).toBe(stableKey({ a: { d: 2 }, b: 1 }));
    expect(stableKey({ a: 1 })).not.toBe(stableKey({ a: '1' }));
  });
});
