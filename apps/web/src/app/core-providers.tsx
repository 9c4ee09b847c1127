import { lazy, Suspense, type ReactNode } from 'react';
import { SessionAbilityProvider } from '../lib/ability.tsx';
import type { Session } from '../lib/session/session-client.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { SettingsProvider } from '../lib/settings/settings-provider.tsx';
import { AppThemeProvider } from './theme-provider.tsx';

// Loaded once signed in, so the sign-in and landing pages do not carry its dialogs.
const SessionGuard = lazy(() =>
  import('../features/auth/session-guard.tsx').then((module) => ({ default: module.SessionGuard })),
);

/** The idle warning and the sign-in-again dialog over a signed-in page (issue 8). */
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

export type CoreProvidersProps = {
  children: ReactNode;
  /** A known session (tests); undefined fetches it. */
  session?: Session | null;
  /** Session poll interval in seconds (SPEC §9: optional). */
  sessionRefetchInterval?: number;
};

/**
 * What every page needs, mounted at the root: session → UI settings → theme → ability.
 * The Redux store and toasts (PageProviders) are mounted by the vertical shell, so the
 * sign-in and landing pages load neither.
 */
export function CoreProviders({ children, session, sessionRefetchInterval = 0 }: CoreProvidersProps) {
  return (
    <SessionProvider session={session} refetchInterval={sessionRefetchInterval}>
      <UserSettingsProvider>
        <AppThemeProvider>
          <SessionAbilityProvider>
            {children}
            <SignedInGuard />
          </SessionAbilityProvider>
        </AppThemeProvider>
      </UserSettingsProvider>
    </SessionProvider>
  );
}
