import { lazy, Suspense, useEffect, useRef } from 'react';
import { IdleWarningDialog } from '../../components/session/idle-warning-dialog.tsx';
import { holdUnauthorized, releaseHeld } from '../../lib/http.ts';
import { useSessionIdleMinutes } from '../../lib/portal-name.ts';
import { useIdleCountdown } from '../../lib/session/use-idle-countdown.ts';
import { useSession } from '../../lib/session/use-session.ts';

// The sign-in form and MUI's input parts are not part of a signed-in page's first load
// (decision 069): the dialog's code is fetched at the user's first key or click, or after
// WARM_AFTER_MS, long before a session can end with something typed on the page.
const loadSignInAgain = () => import('./sign-in-again-dialog.tsx');
const SignInAgainDialog = lazy(() => loadSignInAgain().then((m) => ({ default: m.SignInAgainDialog })));
const WARM_AFTER_MS = 10_000;

function useWarmSignInAgain() {
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const warm = () => {
      stop();
      void loadSignInAgain();
    };
    const timer = window.setTimeout(warm, WARM_AFTER_MS);
    const stop = () => {
      window.clearTimeout(timer);
      for (const type of events) window.removeEventListener(type, warm, true);
    };
    for (const type of events) window.addEventListener(type, warm, { capture: true, passive: true });
    return stop;
  }, []);
}

/** Leaves the page for the start page with a full load (another user now owns the tab). */
function reloadToStart() {
  window.location.assign('/');
}

/**
 * Keeps a signed-in page alive across the session's end ("nothing typed is lost"):
 * warns a minute before the idle limit, and when the session has ended anyway (idle, revoked,
 * signed out in another browser) asks for the password over the page. The calls that met the
 * 401 wait in lib/http.ts and are sent again once the same user is back; another user gets a
 * fresh start page instead, never the first user's request.
 */
export function SessionGuard() {
  const { status, ended, data, update, signOut, markEnded } = useSession();
  const signedIn = status === 'authenticated';
  const idleMinutes = useSessionIdleMinutes();
  useWarmSignInAgain();
  const countdown = useIdleCountdown({
    enabled: signedIn && !ended,
    idleMinutes,
    renew: () => update(),
    onEnded: markEnded,
  });

  useEffect(() => {
    holdUnauthorized(signedIn);
    return () => holdUnauthorized(false);
  }, [signedIn]);

  // Whose session ended: only that user's held calls may be sent again.
  const endedFor = useRef<string>(undefined);
  const userId = data?.user.id;
  useEffect(() => {
    if (!signedIn) {
      endedFor.current = undefined;
      return;
    }
    if (ended) {
      endedFor.current ??= userId;
      return;
    }
    const before = endedFor.current;
    if (before === undefined) return;
    endedFor.current = undefined;
    if (before === userId) {
      releaseHeld('retry');
      return;
    }
    releaseHeld('give-up');
    reloadToStart();
  }, [ended, userId, signedIn]);

  const leave = () => {
    releaseHeld('give-up');
    void signOut();
  };

  if (!signedIn || !data) return null;
  if (ended) {
    return (
      <Suspense fallback={null}>
        <SignInAgainDialog email={data.user.email} onSignOut={leave} />
      </Suspense>
    );
  }
  if (countdown.secondsLeft !== undefined) {
    return (
      <IdleWarningDialog secondsLeft={countdown.secondsLeft} onStay={() => void countdown.stay()} onSignOut={leave} />
    );
  }
  return null;
}
