import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from './http-server.ts';
import { DEFAULT_BODY_LIMIT, KB, MB } from './lib/http/body-limit.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { jsonClient } from './test/json-client.ts';
import { signInAs } from './test/sign-in.ts';
import { insertTestMerchant } from './test/test-merchant.ts';

/**
 * A body over its route's limit, sent over a real socket to the real HTTP server: every client
 * (node:http as curl does it, and fetch) must read the 413 with the security headers, never a
 * connection reset. Each size is how far the body goes past the route's limit.
 */
const OVER_BY = [256 * KB, 1 * MB, 4 * MB];
const TRIES = 20;
const UPLOAD_LIMIT = 100 * KB; // the documentMaxBytes setting's smallest value
const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

type Outcome = { status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string };

type Target = {
  name: string;
  method: string;
  path: () => string;
  limit: number;
  contentType: string;
  /** The body's first bytes: the rest is padding. */
  head: string;
};

/** node:http, writing the whole body as curl and browsers do, then reading the answer to its end. */
function send(port: number, cookie: string, target: Target, size: number, chunked: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const headers: Record<string, string> = {
      'content-type': target.contentType,
      cookie,
      origin: `http://127.0.0.1:${port}`,
    };
    if (!chunked) headers['content-length'] = String(size);
    const req = http.request(
      { host: '127.0.0.1', port, path: target.path(), method: target.method, headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    req.write(target.head);
    const chunk = Buffer.alloc(64 * KB, 0x20);
    let sent = target.head.length;
    const writeMore = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}

/** fetch (undici), with the whole body declared. */
async function sendWithFetch(port: number, cookie: string, target: Target, size: number): Promise<Outcome> {
  const body = Buffer.alloc(size, 0x20);
  body.write(target.head);
  try {
    const res = await fetch(`http://127.0.0.1:${port}${target.path()}`, {
      method: target.method,
      headers: { 'content-type': target.contentType, cookie, origin: `http://127.0.0.1:${port}` },
      body,
    });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? String(error) };
  }
}

describe('a body over the limit, over a real socket', () => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  let server: ReturnType<typeof startHttpServer>;
  let merchantId: string;
  const boundary = 'boardwalk-large-body';
  const targets: Target[] = [
    {
      name: 'PUT /api/me/settings (JSON)',
      method: 'PUT',
      path: () => '/api/me/settings',
      limit: DEFAULT_BODY_LIMIT,
      contentType: 'application/json',
      head: '{"mode":"dark"}',
    },
    {
      name: 'POST /api/merchants (JSON)',
      method: 'POST',
      path: () => '/api/merchants',
      limit: DEFAULT_BODY_LIMIT,
      contentType: 'application/json',
      head: '{"data":{"dbaName":"Too large"}}',
    },
    {
      name: 'POST /api/merchants/{id}/documents (upload)',
      method: 'POST',
      path: () => `/api/merchants/${merchantId}/documents`,
      limit: UPLOAD_LIMIT,
      contentType: `multipart/form-data; boundary=${boundary}`,
      head:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    const admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
    expect((await admin.patch('/api/settings', { documentMaxBytes: UPLOAD_LIMIT })).status).toBe(200);
    merchantId = (await insertTestMerchant(t)).id;
    server = startHttpServer({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  for (const target of targets) {
    for (const client of ['node:http, Content-Length', 'node:http, chunked', 'fetch'] as const) {
      it(
        `${target.name} via ${client}: ${TRIES} × 413 with the security headers, no reset`,
        { timeout: 120_000 },
        async () => {
          const tally: Record<string, number> = {};
          for (const over of OVER_BY) {
            for (let i = 0; i < TRIES; i++) {
              const size = target.limit + over;
              const outcome =
                client === 'fetch'
                  ? await sendWithFetch(port, cookie, target, size)
                  : await send(port, cookie, target, size, client === 'node:http, chunked');
              const key =
                'error' in outcome
                  ? `${over / KB} KB over: ${outcome.error}`
                  : `${over / KB} KB over: ${outcome.status}${SECURITY_HEADERS.every((h) => outcome.headers[h]) ? '' : ' without the security headers'}`;
              tally[key] = (tally[key] ?? 0) + 1;
            }
          }
          console.log(`${target.name} via ${client}:`, JSON.stringify(tally));
          expect(tally).toEqual(Object.fromEntries(OVER_BY.map((over) => [`${over / KB} KB over: 413`, TRIES])));
        },
      );
    }
  }

  it('answers what Node itself refuses (a request it cannot parse) with problem JSON and the security headers', async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.write(request);
      });
    const tooLarge = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * KB)}\r\n\r\n`);
    const garbled = await raw('NOT HTTP AT ALL\r\n\r\n');
    for (const [answer, status] of [
      [tooLarge, 431],
      [garbled, 400],
    ] as const) {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      for (const header of [...SECURITY_HEADERS, 'cache-control'])
        expect(head.toLowerCase()).toContain(`\r\n${header}: `);
      expect(JSON.parse(body)).toMatchObject({ status, type: 'about:blank' });
    }
  });
});
