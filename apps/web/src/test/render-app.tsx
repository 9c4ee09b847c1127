import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CoreProviders } from '../app/core-providers.tsx';
import { routeTable } from '../app/route-table.tsx';
import { buildRoutes } from '../app/router.tsx';
import type { RouteEntry } from '../app/route-types.ts';
import type { Session } from '../lib/session/session-client.ts';

export type RenderAppOptions = {
  /** Where the app starts. */
  url: string;
  /** The session: an object (signed in), null (signed out) or undefined (fetched from fetch). */
  session?: Session | null;
  entries?: RouteEntry[];
};

/**
 * Loads the shell and every page chunk once, so that the first test of a file does not pay
 * for transforming them under jsdom (call from beforeAll). One at a time: in Vitest's
 * vmThreads pool, two dynamic imports linking the same module at once fail with "Module
 * status must not be unlinked or linking" (seen under load).
 */
export async function preloadApp() {
  await import('../app/layout/vertical-shell.tsx');
  // home-tiles.tsx starts this import when it is evaluated, without waiting for it: loaded first,
  // it cannot be linking while the loop below links the next page's modules (a file run alone
  // failed so on /acl's MUI table).
  await import('../features/todos/home/my-todos-tile.tsx');
  for (const entry of routeTable) await entry.page();
}

/** The whole app (real route table, gate, shell) in a memory router. */
export function renderApp({ url, session, entries = routeTable }: RenderAppOptions) {
  const router = createMemoryRouter(buildRoutes(entries), { initialEntries: [url] });
  const result = render(
    <CoreProviders session={session}>
      <RouterProvider router={router} />
    </CoreProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...result, router, location };
}

/** One page at one path, inside the core providers (session, settings, theme, store). */
export function renderRoute({ path, element, url = path, session }: RenderRouteOptions) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  return render(
    <CoreProviders session={session}>
      <RouterProvider router={router} />
    </CoreProviders>,
  );
}

export type RenderRouteOptions = { path: string; element: ReactElement; url?: string; session?: Session | null };
