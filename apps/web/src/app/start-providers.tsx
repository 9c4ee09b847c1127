import { lazy, Suspense, type ReactNode } from 'react';
import type { Session } from '../lib/session/session-client.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { SettingsProvider } from '../lib/settings/settings-provider.tsx';
import { AppThemeProvider } from './theme-provider.tsx';

// Loaded once signed in, so the sign-in and landing pages do not carry its dialogs.
const SessionGuard = lazy(() =>
  import('../features/auth/session-guard.tsx').then((module) => ({ default: module.SessionGuard })),
);

/** The idle warning and the sign-in-again dialog over a signed-in page. */
function SignedInGuard() {
  const { status } = useSession();
  if (status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <SessionGuard />
    </Suspense>
  );
}

function UserSettingsProvider({ children }: { children: ReactNode }) {
  const { data } = useSession();
  return <SettingsProvider userId={data?.user.id ?? null}>{children}</SettingsProvider>;
}

export type StartProvidersProps = {
  children: ReactNode;
  /** A known session (tests); undefined fetches it. */
  session?: Session | null;
  /** Session poll interval in seconds (optional). */
  sessionRefetchInterval?: number;
};

/**
 * What every page needs, mounted at the root (main.tsx): session → UI settings → theme. A
 * first visit to /login needs nothing more (ADR 050). The ability (CoreProviders) comes with
 * the router (app-routes.tsx); the Redux store and toasts (PageProviders) come with the
 * vertical shell, so the sign-in and landing pages do not load them.
 */
export function StartProviders({ children, session, sessionRefetchInterval = 0 }: StartProvidersProps) {
  return (
    <SessionProvider session={session} refetchInterval={sessionRefetchInterval}>
      <UserSettingsProvider>
        <AppThemeProvider>
          {children}
          <SignedInGuard />
        </AppThemeProvider>
      </UserSettingsProvider>
    </SessionProvider>
  );
}
