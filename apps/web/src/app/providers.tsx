import { CoreProviders, type CoreProvidersProps } from './core-providers.tsx';
import { PageProviders } from './page-providers.tsx';
import type { AppStore } from './store.ts';

export type AppProvidersProps = CoreProvidersProps & {
  /** Also mount this store and the toasts, as the vertical shell does (PageProviders). */
  store?: AppStore;
};

/**
 * Everything a page gets in the running app, in one component: for tests and other places
 * that render a page without the route tree. The app itself mounts CoreProviders at the root
 * (main.tsx) and PageProviders in the shell.
 */
export function AppProviders({ children, store, ...core }: AppProvidersProps) {
  return (
    <CoreProviders {...core}>
      {store ? <PageProviders store={store}>{children}</PageProviders> : children}
    </CoreProviders>
  );
}
