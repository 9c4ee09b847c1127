import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ToastProvider } from './layout/toast-provider.tsx';
import type { AppStore } from './store.ts';

/**
 * What the menu pages need beyond the app providers: the Redux store (RTK Query) and toasts.
 * The vertical shell mounts them; tests that render a page alone pass a store to AppProviders.
 */
export function PageProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ToastProvider>{children}</ToastProvider>
    </ReduxProvider>
  );
}
