import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { signInAs } from '../test/sign-in.ts';
import { bodyLimit, defaultBodyLimit, KB, MB } from '../lib/http/body-limit.ts';

const settings = JSON.stringify({ mode: 'dark' });
/** Valid JSON of about `bytes` bytes: whitespace is allowed around a value. */
const padded = (bytes: number) => settings + ' '.repeat(bytes - settings.length);

/** A body with no Content-Length: the client streams it (Transfer-Encoding: chunked). */
function chunked(totalBytes: number, prefix = ''): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * KB).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0 && prefix) {
        controller.enqueue(new TextEncoder().encode(prefix));
        sent += prefix.length;
      }
      if (sent >= totalBytes) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
}

/** node:http, which reads an early response (fetch gives up when the server stops reading). */
function putOverSocket(port: number, cookie: string, body: string, mode: 'chunked' | 'length') {
  return new Promise<{ status: number | undefined; body: unknown }>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', cookie };
    if (mode === 'length') headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/me/settings', method: 'PUT', headers, agent: false },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    if (mode === 'chunked') req.write(body); // no length declared: Node sends it chunked
    req.end(mode === 'length' ? body : undefined);
  });
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(await res.json()).toMatchObject({
    type: 'about:blank',
    status: 413,
    title: 'Content Too Large',
    code: 'too_large',
  });
}

describe('request body limit', () => {
  let t: TestApp;
  let cookie: string;
  const putSettings = (body: BodyInit, headers: Record<string, string> = {}) =>
    t.app.request('/api/me/settings', {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/json', cookie, ...headers },
      // Node's fetch needs this for a stream body.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
  });
  afterAll(() => t.close());

  it('lets a JSON body under 1 MB through to the route', async () => {
    const res = await putSettings(padded(MB - 1024));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mode: 'dark' });
  });

  it('answers 413 problem JSON for a JSON body over 1 MB', async () => {
    await expectTooLarge(await putSettings(padded(MB + 1)));
  });

  it('counts a chunked body that declares no length, and passes one under the cap intact', async () => {
    await expectTooLarge(await putSettings(chunked(2 * MB, settings)));
    const res = await putSettings(chunked(512 * KB, settings));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mode: 'dark' });
  });

  it('does not believe a Content-Length smaller than the body', async () => {
    const request = new Request('http://localhost/api/me/settings', {
      method: 'PUT',
      body: padded(2 * MB),
      headers: { 'content-type': 'application/json', 'content-length': '20', cookie },
    });
    expect(request.headers.get('content-length')).toBe('20'); // the lie reaches the app
    await expectTooLarge(await t.app.request(request));
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    await expectTooLarge(await putSettings(body, { 'content-length': String(2 * MB) }));
    expect(pulled).toBeLessThanOrEqual(1); // ReadableStream pulls once on creation, the app none
  });

  it('holds on a real socket too, where Node streams the body to the app', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const put = (body: string, mode: 'chunked' | 'length') => putOverSocket(port, cookie, body, mode);
      expect(await put(padded(2 * MB), 'chunked')).toMatchObject({ status: 413, body: { code: 'too_large' } });
      expect(await put(padded(2 * MB), 'length')).toMatchObject({ status: 413, body: { code: 'too_large' } });
      expect(await put(padded(256 * KB), 'chunked')).toMatchObject({ status: 200, body: { mode: 'dark' } });
    } finally {
      server.close();
    }
  });

  it('caps the Auth.js routes at a few KB', async () => {
    const res = await t.app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken: 'x', email: 'a@b.example', password: 'p'.repeat(MB) }),
    });
    await expectTooLarge(res);
    const small = await t.app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken: 'x', email: 'a@b.example', password: 'p'.repeat(17 * KB) }),
    });
    await expectTooLarge(small);
  });
});

describe('a route that declares its own body limit', () => {
  const bytesRead = z.object({ bytes: z.number() });
  const app = new OpenAPIHono();
  app.use('*', defaultBodyLimit(1 * KB));
  // As an upload route will: the limit in createRoute's middleware.
  app.openapi(
    createRoute({
      method: 'post',
      path: '/upload',
      middleware: [bodyLimit(4 * KB)] as const,
      responses: { 200: { description: 'bytes read', content: { 'application/json': { schema: bytesRead } } } },
    }),
    async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }, 200),
  );
  app.post('/small', bodyLimit(100), async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  app.post('/json', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  const post = (path: string, bytes: number) => app.request(path, { method: 'POST', body: 'x'.repeat(bytes) });

  it('gets its limit instead of the default, larger or smaller', async () => {
    expect(await (await post('/upload', 3 * KB)).json()).toEqual({ bytes: 3 * KB });
    expect((await post('/upload', 4 * KB + 1)).status).toBe(413);
    expect((await post('/small', 101)).status).toBe(413);
    expect((await post('/small', 100)).status).toBe(200);
  });

  it('leaves every other route at the default', async () => {
    expect((await post('/json', 1 * KB)).status).toBe(200);
    expect((await post('/json', 1 * KB + 1)).status).toBe(413);
  });
});
