import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  fetchSession,
  logClientError,
  signInWithCredentials,
  signOutRequest,
  updateSessionRequest,
  type Session,
} from './session-client.ts';
import { SessionContext, type SessionContextValue, type SessionStatus } from './session-context.ts';
import { useMountEffect } from '../../hooks/use-keyed-effect.ts';
import { onUnauthorized } from '../http.ts';
import { broadcastSession, onSessionBroadcast } from './session-events.ts';

type State = { data: Session | null; status: SessionStatus; signedOut: boolean; ended: boolean };

export type SessionProviderProps = {
  children: ReactNode;
  /** A known session (tests, or a value the page already has): skips the first fetch. */
  session?: Session | null;
  /** Poll the session every N seconds while the tab is visible; 0 = off. */
  refetchInterval?: number;
  /** Refetch when the tab becomes visible again (on by default). */
  refetchOnWindowFocus?: boolean;
};

function stateOf(data: Session | null, signedOut = false): State {
  return {
    data,
    status: data ? 'authenticated' : 'unauthenticated',
    signedOut: data ? false : signedOut,
    ended: false,
  };
}

/**
 * The next state for an answer. A signed-in tab whose session is gone without its own sign-out
 * keeps its page: it is marked ended and the user signs in again over it.
 */
function nextState(prev: State, data: Session | null, signedOut: boolean): State {
  if (!data && !signedOut && prev.status === 'authenticated') return prev.ended ? prev : { ...prev, ended: true };
  return stateOf(data, signedOut);
}

/** Keeps the previous object when nothing changed, so consumers do not re-render on every poll. */
function sameSession(a: Session | null, b: Session | null) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Our own small Auth.js session client: no next-auth in the browser. */
export function SessionProvider({
  children,
  session,
  refetchInterval = 0,
  refetchOnWindowFocus = true,
}: SessionProviderProps) {
  const [state, setState] = useState<State>(() =>
    session === undefined ? { data: null, status: 'loading', signedOut: false, ended: false } : stateOf(session),
  );
  const mounted = useRef(true);

  // The first answer at transition priority: it mounts the whole signed-in page (the shell, the
  // menu, the page), which at the default priority React renders in one task; as a transition it
  // renders in slices the browser can interleave with input and paint (decision 058). Later
  // answers (a session ended, renewed, signed out) stay at the default priority: the dialogs and
  // held calls of the session guard follow them at once.
  const answered = useRef(false);
  const apply = useCallback((data: Session | null, signedOut?: boolean, leave = false) => {
    if (!mounted.current) return;
    const update = () =>
      setState((prev) => {
        const next = leave
          ? stateOf(data, signedOut ?? prev.signedOut)
          : nextState(prev, data, signedOut ?? prev.signedOut);
        return prev.status === next.status &&
          prev.signedOut === next.signedOut &&
          prev.ended === next.ended &&
          sameSession(prev.data, next.data)
          ? prev
          : next;
      });
    if (answered.current) update();
    else startTransition(update);
    answered.current = true;
  }, []);

  /** `leave`: a missing session signs this tab out instead of keeping its page (see nextState). */
  const refetch = useCallback(
    async (leave = false) => {
      try {
        const data = await fetchSession();
        apply(data, undefined, leave);
        return data;
      } catch (error) {
        void logClientError('CLIENT_SESSION_ERROR', error);
        // Could not ask: a first load counts as signed out, a later one keeps what we had.
        if (mounted.current) setState((prev) => (prev.status === 'loading' ? stateOf(null) : prev));
        return null;
      }
    },
    [apply],
  );

  // The initial value is read once, like useState's initialiser.
  useMountEffect(() => {
    mounted.current = true;
    if (session === undefined) void refetch();
    return () => {
      mounted.current = false;
    };
  });

  useEffect(() => {
    // A sign-out in another tab of this browser was the user's own: every tab follows it.
    const offBroadcast = onSessionBroadcast(({ trigger }) => void refetch(trigger === 'signout'));
    const offUnauthorized = onUnauthorized(() => apply(null, false));
    const onVisibility = () => {
      if (refetchOnWindowFocus && document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisibility);
    const timer =
      refetchInterval > 0
        ? window.setInterval(() => {
            if (document.visibilityState === 'visible') void refetch();
          }, refetchInterval * 1000)
        : undefined;
    return () => {
      offBroadcast();
      offUnauthorized();
      document.removeEventListener('visibilitychange', onVisibility);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [apply, refetch, refetchInterval, refetchOnWindowFocus]);

  const value = useMemo<SessionContextValue>(
    () => ({
      ...state,
      markEnded: () => setState((prev) => (prev.status === 'authenticated' ? { ...prev, ended: true } : prev)),
      clearSignedOut: () => setState((prev) => (prev.signedOut ? { ...prev, signedOut: false } : prev)),
      update: async (data?: unknown) => {
        if (data === undefined) return refetch();
        try {
          const next = await updateSessionRequest(data);
          apply(next);
          broadcastSession('update');
          return next;
        } catch (error) {
          void logClientError('CLIENT_SESSION_ERROR', error, { action: 'update' });
          return refetch();
        }
      },
      signIn: async (input) => {
        const result = await signInWithCredentials(input);
        if (!result.ok) return result;
        const session = await refetch();
        // Accepted but no readable session (cookie blocked, server trouble): say so.
        if (!session) return { ok: false, error: 'UnknownError', code: undefined };
        broadcastSession('signin');
        return result;
      },
      signOut: async () => {
        try {
          await signOutRequest();
        } catch (error) {
          void logClientError('CLIENT_FETCH_ERROR', error, { action: 'signout' });
        }
        apply(null, true);
        broadcastSession('signout');
      },
    }),
    [state, refetch, apply],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
