import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { useSettings } from '../../lib/settings/use-settings.ts';

function anchorOf(position: UiSettings['toastPosition']) {
  const [vertical = 'top', horizontal = 'right'] = position.split('-') as [
    'top' | 'bottom',
    'left' | 'center' | 'right',
  ];
  return { vertical, horizontal };
}

/**
 * Toasts (notistack) at the UI settings' position, top-right by default (SPEC §9). Mounted by
 * the vertical layout, so pages use `useSnackbar()` or notistack's `enqueueSnackbar`; the
 * sign-in page does not load it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  return (
    <SnackbarProvider maxSnack={4} autoHideDuration={5000} anchorOrigin={anchorOf(settings.toastPosition)}>
      {children}
    </SnackbarProvider>
  );
}
