import { Component, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { PageSpinner } from '../components/page-spinner.tsx';
import type { LeaveSignIn } from './sign-in/sign-in-start.tsx';

const SignInStart = lazy(() =>
  import('./sign-in/sign-in-start.tsx').then((module) => ({ default: module.SignInStart })),
);
const AppRoutes = lazy(() => import('./app-routes.tsx').then((module) => ({ default: module.AppRoutes })));

/** /login as the router matches it: any case, with or without a trailing slash. */
export function isSignInPath(pathname: string): boolean {
  return /^\/login\/?$/i.test(pathname);
}

/** If the light sign-in fails to load or render, the app's own /login route takes over. */
class FallBackToApp extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[sign-in]', error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * What the page starts with (ADR 050). A first visit to /login shows the sign-in form without
 * the router, the ability and the route table (about 30 KB less to download); every other
 * address, and /login once the user leaves it, is the app behind the router (app-routes.tsx).
 */
export function AppStart() {
  const [signInFirst, setSignInFirst] = useState(() => isSignInPath(window.location.pathname));
  const leave = useCallback<LeaveSignIn>((to, how) => {
    if (how === 'push') window.history.pushState(null, '', to);
    else window.history.replaceState(null, '', to);
    setSignInFirst(false);
  }, []);
  const showApp = useCallback(() => setSignInFirst(false), []);
  // Back, Forward or a script moving the address: the router takes over and reads it.
  useEffect(() => {
    if (!signInFirst) return;
    window.addEventListener('popstate', showApp);
    return () => window.removeEventListener('popstate', showApp);
  }, [signInFirst, showApp]);
  return (
    <Suspense fallback={<PageSpinner />}>
      {signInFirst ? (
        <FallBackToApp onError={showApp}>
          <SignInStart leave={leave} />
        </FallBackToApp>
      ) : (
        <AppRoutes />
      )}
    </Suspense>
  );
}
