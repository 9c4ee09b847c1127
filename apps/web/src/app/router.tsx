import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { BlankLayout } from './layout/blank-layout.tsx';
import { useForcedStep } from './layout/forced-steps.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { RouteGate, type RouteHandle } from './route-gate.tsx';
import { routeTable } from './route-table.tsx';
import type { RouteEntry } from './route-types.ts';

function toRoute(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = { entry };
  const load = entry.path.includes(':id')
    ? async () => {
        const [page, { recordPage }] = await Promise.all([entry.page(), import('./record-page.tsx')]);
        return recordPage(page);
      }
    : entry.page;
  return { path: entry.path, handle, lazy: async () => ({ Component: await load() }) };
}

const BlankForcedSteps = lazy(() =>
  import('./layout/blank-forced-steps.tsx').then((m) => ({ default: m.BlankForcedSteps })),
);

/**
 * Blank pages, and the forced password change or enrolment over them (a sign-in lands on /).
 * Once loaded, the steps' providers stay after the last step is done: the toast that tells its
 * outcome lives in them.
 */
function BlankShell() {
  const step = useForcedStep();
  const [stepsShown, setStepsShown] = useState(false);
  if (step && !stepsShown) setStepsShown(true);
  return (
    <>
      <RouteGate layout={BlankLayout} />
      {step || stepsShown ? (
        <Suspense fallback={null}>
          <BlankForcedSteps />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The route objects for a route table: pages in the vertical shell (menu + top bar, loaded
 * lazily so the sign-in page does not carry it) and pages on a blank layout, all gated.
 */
export function buildRoutes(entries: RouteEntry[]): RouteObject[] {
  const vertical = entries.filter((entry) => (entry.layout ?? 'vertical') === 'vertical');
  const blank = entries.filter((entry) => entry.layout === 'blank');
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageSpinner,
      children: [
        {
          lazy: async () => ({ Component: (await import('./layout/vertical-shell.tsx')).VerticalShell }),
          children: vertical.map(toRoute),
        },
        { Component: BlankShell, children: blank.map(toRoute) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(routeTable));
}
