import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createUser, signInAs } from '../test/sign-in.ts';
import { COMPRESS_MIN_BYTES, pickEncoding } from './compress-json.ts';

const BROWSER = 'gzip, deflate, br, zstd';

describe('pickEncoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(pickEncoding(BROWSER)).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('compressed JSON answers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_SUPERADMIN')).cookie;
    // Enough users that a list page is well over the threshold.
    for (let i = 0; i < 10; i += 1) await createUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, acceptEncoding?: string) =>
    t.app.request(path, { headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('sends a large list brotli-compressed with its compressed length, and the same JSON', async () => {
    const plain = await get('/api/users?pageSize=25');
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const res = await get('/api/users?pageSize=25', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.length).toBeLessThan(plainText.length / 2);
    expect(JSON.parse(brotliDecompressSync(bytes).toString('utf8'))).toEqual(JSON.parse(plainText));
  });

  it('falls back to gzip, and compresses the OpenAPI document', async () => {
    const res = await get('/api/openapi.json', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const doc = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
  });

  it('leaves small answers, refusals and answers without a body as they are', async () => {
    const small = await get('/api/health', BROWSER);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toMatchObject({ status: expect.any(String) });

    const refused = await get('/api/users?pageSize=25', 'br;q=0, gzip;q=0');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await refused.text())).toHaveProperty('users');

    const { user } = await signInAs(t, 'ROLE_STAFF');
    const deleted = await t.app.request(`/api/users/${user.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: 'http://localhost', 'accept-encoding': BROWSER },
    });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('content-encoding')).toBeNull();
    expect(await deleted.text()).toBe('');
  });

  it('leaves the streamed CSV export alone: no encoding, no length, still a stream', async () => {
    const res = await get('/api/history/audit/export.csv', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^at,actor,/); // the header row, the rest to come
    await reader.cancel();
  });

  it('leaves Auth.js answers as Auth.js makes them', async () => {
    const res = await t.app.request('/api/auth/session', { headers: { cookie, 'accept-encoding': BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept-encoding/i);
    expect(await res.json()).toHaveProperty('user');
  });
});
