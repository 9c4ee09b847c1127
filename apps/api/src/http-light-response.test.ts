import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import type { MerchantDetail } from '@boardwalk/shared';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequests } from './db/schema/api-tokens.ts';
import { readCacheOf } from './lib/read-cache/cached-json.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { jsonClient } from './test/json-client.ts';
import { signInAs } from './test/sign-in.ts';

/**
 * Decision 056: over real HTTP (@hono/node-server, as main.ts serves), an answer the read cache
 * holds leaves as the server's light response (a buffer written straight to the socket). Asking an
 * answer for its `body` stream (middleware after the handler did) or for a GET request's body
 * turns them into undici objects, which cost more than the rest of a cached request. The headers
 * every answer carries are all there.
 */
describe('cached answers over HTTP', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  let cookie: string;
  let merchant: MerchantDetail;
  /** Whether each answer the app made was @hono/node-server's light response (its `cache` slot). */
  const light: boolean[] = [];
  // serve() replaces the global Request and Response with its own (the light ones): put them back.
  const globals = ['Request', 'Response'].map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)!]);

  beforeAll(async () => {
    t = await createTestApp({ config: { readCacheMb: 16 } });
    const s = await signInAs(t, 'ROLE_STAFF');
    cookie = s.cookie;
    const staff = jsonClient(t, cookie);
    await staff.post('/api/stages', { data: { name: `Light ${Date.now()}`, pipeline: 'sales', isDefault: true } });
    for (let i = 0; i < 6; i++) {
      const res = await staff.post<MerchantDetail>('/api/merchants', {
        data: { dbaName: `Light response ${i}`, legalName: `Light Response ${i} LLC`, email: `light${i}@test.example` },
      });
      expect(res.status).toBe(201);
      merchant = res.body;
    }
    const cache = readCacheOf(t.deps);
    for (let i = 0; !cache.enabled; i++) {
      if (i > 300) throw new Error('the read cache does not listen');
      await new Promise((r) => setTimeout(r, 10));
    }
    server = serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: async (req, env) => {
        const res = await t.app.fetch(req, env);
        light.push(Object.getOwnPropertySymbols(res).some((s) => s.description === 'cache'));
        return res;
      },
    });
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    for (const [name, descriptor] of globals) Object.defineProperty(globalThis, name as string, descriptor as object);
    await t?.close();
  });

  /** The answer's raw bytes (fetch would decompress them). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  const paths = () => [
    '/api/merchants/sales?pageSize=25',
    `/api/search?q=${encodeURIComponent('light response')}`,
    `/api/merchants/${merchant.id}`,
  ];

  it('sends a cached list, search and view as light responses, with every header', async () => {
    for (const path of paths()) {
      for (const encoding of ['br', 'identity']) {
        const answers = [];
        for (let i = 0; i < 2; i++) {
          light.length = 0;
          const res = await get(path, { cookie, 'accept-encoding': encoding });
          expect(res.status, path).toBe(200);
          expect(light, `${path} (${encoding}, ${i ? 'hit' : 'miss'}) left as a light response`).toEqual([true]);
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
          expect(res.headers['content-type']).toBe('application/json');
          expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
          const compressed = res.headers['content-encoding'] === 'br';
          // The list and search answers of six merchants are over 1 KB: compressed when asked.
          if (encoding === 'br' && !path.includes(merchant.id)) expect(compressed, path).toBe(true);
          if (compressed) expect(res.headers.vary).toMatch(/accept-encoding/i);
          answers.push(JSON.parse((compressed ? brotliDecompressSync(res.bytes) : res.bytes).toString()) as unknown);
        }
        expect(answers[1]).toEqual(answers[0]);
      }
    }
  });

  it('still refuses a signed-out caller and records every request in the usage log', async () => {
    await t.deps.usageLog.flush();
    const before = await t.db.$count(apiRequests);
    const refused = await get(paths()[0]!);
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    for (const path of paths()) expect((await get(path, { cookie })).status).toBe(200);
    await t.deps.usageLog.flush();
    expect(await t.db.$count(apiRequests)).toBe(before + 4);
  });
});
