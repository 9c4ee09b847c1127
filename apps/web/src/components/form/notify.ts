import { enqueueSnackbar } from 'notistack';

/**
 * Toasts for the outcome of an action (DESIGN: top-right). They need a notistack
 * `SnackbarProvider` above the app; the shell mounts it (app/providers.tsx).
 */
export function notifySuccess(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}

export function notifyError(message: string): void {
  enqueueSnackbar(message, { variant: 'error' });
}
