import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ServerErrorPage } from '../features/errors/server-error-page.tsx';
import { BlankLayout } from './layout/blank-layout.tsx';

const RELOAD_FLAG = 'boardwalk.chunk-reload';

/** After a deploy an open tab may ask for a page chunk that no longer exists: reload once. */
function isChunkLoadError(error: unknown) {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/** What a route shows when its page throws or fails to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[route]', error);
    const lastReload = Number(window.sessionStorage.getItem(RELOAD_FLAG) ?? 0);
    // At most one automatic reload per ten seconds, so a real outage cannot loop.
    if (isChunkLoadError(error) && Date.now() - lastReload > 10_000) {
      window.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
      window.location.reload();
    }
  }, [error]);
  return (
    <BlankLayout>
      <ServerErrorPage />
    </BlankLayout>
  );
}
