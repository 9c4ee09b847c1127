import { useEffect, useMemo, type MouseEvent } from 'react';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { SignInCard, type StartLinkProps } from '../../features/auth/sign-in/sign-in-card.tsx';
import { useMounted } from '../../hooks/use-mounted.ts';
import { signInDestination } from '../../lib/return-url.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { DocumentTitle } from '../document-title.tsx';
import { BlankLayout } from '../layout/blank-layout.tsx';

/** Leaves the light sign-in for the app at `to`, as the router would navigate (push or replace). */
export type LeaveSignIn = (to: string, how: 'push' | 'replace') => void;

/** A click the page should handle itself; a middle or modified click opens a tab as a link does. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A first visit to /login without the router (ADR 050): what the route gate and the blank
 * layout do for the guest-only /login route, on the same sign-in card. Waits for the first
 * client render and the session; a signed-in user (already, or once the form succeeds) leaves
 * for ?returnUrl, ?callbackUrl or / in place of /login, as the gate's redirect does. The
 * "Back to the start page" link leaves for / as a router link would.
 */
export function SignInStart({ leave }: { leave: LeaveSignIn }) {
  const { status } = useSession();
  const mounted = useMounted();
  const signedIn = status === 'authenticated';
  // Nothing but leave() changes the address while this page is shown.
  const params = useMemo(() => new URLSearchParams(window.location.search), []);
  const startLink = useMemo<StartLinkProps>(
    () => ({
      href: '/',
      onClick: (event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        leave('/', 'push');
      },
    }),
    [leave],
  );
  useEffect(() => {
    if (signedIn) leave(signInDestination(params), 'replace');
  }, [signedIn, params, leave]);

  return (
    <>
      <DocumentTitle />
      {!mounted || status === 'loading' || signedIn ? (
        <PageSpinner />
      ) : (
        <BlankLayout>
          <SignInCard params={params} startLink={startLink} />
        </BlankLayout>
      )}
    </>
  );
}
