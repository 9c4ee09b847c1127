import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePortalName } from '../lib/portal-name.ts';
import { RouteProgress } from './route-progress.tsx';

/** Page title `<portal name> Portal` (SPEC §1). */
function DocumentTitle() {
  const portalName = usePortalName();
  useEffect(() => {
    document.title = `${portalName} Portal`;
  }, [portalName]);
  return null;
}

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
