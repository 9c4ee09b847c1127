import type { ReactNode } from 'react';
import { SessionAbilityProvider } from '../lib/ability.tsx';
import type { Session } from '../lib/session/session-client.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { SettingsProvider } from '../lib/settings/settings-provider.tsx';
import { AppThemeProvider } from './theme-provider.tsx';

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
          <SessionAbilityProvider>{children}</SessionAbilityProvider>
        </AppThemeProvider>
      </UserSettingsProvider>
    </SessionProvider>
  );
}
