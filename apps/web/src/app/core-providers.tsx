import { SessionAbilityProvider } from '../lib/ability.tsx';
import { StartProviders, type StartProvidersProps } from './start-providers.tsx';

export type CoreProvidersProps = StartProvidersProps;

/**
 * What every page of the router needs: session → UI settings → theme (StartProviders) → ability.
 * The app mounts StartProviders at the root and the ability with the router (app-routes.tsx);
 * tests mount both here.
 */
export function CoreProviders({ children, ...start }: CoreProvidersProps) {
  return (
    <StartProviders {...start}>
      <SessionAbilityProvider>{children}</SessionAbilityProvider>
    </StartProviders>
  );
}
