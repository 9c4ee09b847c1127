import { problemBody } from '@boardwalk/shared/problem';
import { onTestFinished, vi } from 'vitest';
import type { Session } from '../lib/session/session-client.ts';
import { contractViolation } from './api-contract.ts';
import { requestViolation } from './request-contract.ts';

export type FakeCall = {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** Parsed body: JSON, or an object of form fields. */
  body: Record<string, unknown> | undefined;
};
export type FakeResponse = { status?: number; body?: unknown };
export type FakeReply = FakeResponse | Promise<FakeResponse>;
export type FakeHandler = (call: FakeCall) => FakeReply;
export type FakeRoutes = Record<string, FakeHandler>;

async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if ((request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
    // A file is seen by its name, type and size.
    const form = await request.formData();
    return Object.fromEntries(
      [...form.entries()].map(([k, v]) => [
        k,
        typeof v === 'string' ? v : { name: v.name, type: v.type, size: v.size },
      ]),
    );
  }
  const text = await request.text();
  if (!text) return undefined;
  if ((request.headers.get('content-type') ?? '').includes('x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The one fake network of the web tests (call it inside a test): `routes['GET /api/companies']`
 * answers that call; GET /api/auth/csrf answers a token unless overridden; anything else is a
 * 404 problem. Every answer is checked against the API contract (api-contract.ts): a fixture
 * that the real API could not send fails the test, naming the route and the mismatch. So is
 * every PATCH body (request-contract.ts): a field the API would refuse fails the test.
 */
export function fakeFetch(routes: FakeRoutes = {}) {
  const calls: FakeCall[] = [];
  const violations: string[] = [];
  const all: FakeRoutes = { 'GET /api/auth/csrf': () => ({ body: { csrfToken: 'csrf-1' } }), ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(request.url);
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    };
    calls.push(call);
    const refused = requestViolation(call.method, call.path, call.body);
    if (refused) {
      violations.push(`${call.method} ${call.path} sent ${JSON.stringify(call.body)}: ${refused}`);
      throw new TypeError(`fake fetch: the request breaks the API contract (${call.method} ${call.path})`);
    }
    const handler = all[`${call.method} ${call.path}`];
    const { status = 200, body } = handler ? await handler(call) : { status: 404, body: problemBody(404) };
    const violation = contractViolation(call.method, call.path, status, body);
    if (violation) {
      violations.push(`${call.method} ${call.path} → ${status}: ${violation}`);
      throw new TypeError(`fake fetch: the fixture breaks the API contract (${call.method} ${call.path})`);
    }
    if (status === 204 || body === undefined) return new Response(null, { status });
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
  });
  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    if (violations.length > 0) throw new Error(`Calls that break the API contract:\n${violations.join('\n')}`);
  });
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export function sessionFor(role: string, user: Partial<Session['user']> = {}): Session {
  return {
    user: {
      id: '0190c0de-0000-7000-8000-000000000001',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      role: role as Session['user']['role'],
      image: null,
      mustChangePassword: false,
      mustEnrollMfa: false,
      ...user,
    },
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  };
}
