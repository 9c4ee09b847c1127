import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from './document-title.tsx';
import { RouteProgress } from './route-progress.tsx';

/** Above every page: the route progress bar, the title, scroll restoration. */
export function RootLayout() {
  return (
    <>
      <RouteProgress />
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
