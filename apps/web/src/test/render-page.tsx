import type { Role } from '@boardwalk/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { makeStore } from '../app/store.ts';
import { sessionFor } from './fake-fetch.ts';

/** Renders one page inside the app's real providers and a memory router (with fakeFetch). */
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
  const session = sessionFor(role, {
    id: '00000000-0000-7000-8000-000000000001',
    email: 'admin@example.com',
    name: 'Ada Admin',
  });
  const store = makeStore();
  const result = render(
    <AppProviders store={store} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, store };
}

/** A list response as the API shapes it. */
export function listBody<K extends string, R>(key: K, rows: R[], total = rows.length) {
  return { [key]: rows, total, params: {}, allData: rows } as Record<K, R[]> & {
    total: number;
    params: object;
    allData: R[];
  };
}
