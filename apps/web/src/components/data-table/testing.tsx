import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '@boardwalk/shared';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';

/**
 * Test helpers for the admin screens (imported by *.test.tsx only): render a page inside the
 * app's real providers and a memory router, against a fake API.
 */

export type FakeResponse = { status?: number; body?: unknown };
export type FakeRequest = { method: string; path: string; search: URLSearchParams; body: unknown };
export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

/** Replaces fetch: `routes['GET /api/companies']` answers that call; anything else is a 404. */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const call: FakeRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const { status = 200, body } = handler
      ? await handler(call)
      : { status: 404, body: { title: 'Not found', status: 404 } };
    if (status === 204 || body === undefined) return new Response(null, { status });
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export type RenderPageOptions = {
  /** The URL the test starts at. */
  url?: string;
  /** Earlier entries in the history, oldest first, for tests of Back (none are rendered first). */
  history?: string[];
  /** The route pattern the page is mounted on (defaults to url's path). */
  path?: string;
  role?: Role;
};

/** Renders a page as a signed-in user; returns the router so tests can read the location. */
export function renderPage(
  page: ReactElement,
  { url = '/', history = [], path, role = 'ROLE_ADMIN' }: RenderPageOptions = {},
) {
  const router = createMemoryRouter([{ path: path ?? new URL(url, 'http://x').pathname, element: page }], {
    initialEntries: [...history, url],
    initialIndex: history.length,
  });
  const session = {
    user: {
      id: '00000000-0000-7000-8000-000000000001',
      email: 'admin@example.com',
      name: 'Ada Admin',
      role,
      image: null,
      mustChangePassword: false,
    },
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  };
  const store = makeStore();
  const result = render(
    <AppProviders store={store} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, store };
}

/** A list response as the API shapes it (SPEC §7). */
export function listBody<K extends string, R>(key: K, rows: R[], total = rows.length) {
  return { [key]: rows, total, params: {}, allData: rows } as Record<K, R[]> & {
    total: number;
    params: object;
    allData: R[];
  };
}
