import { showToast } from '../../lib/toast-queue.ts';

/**
 * Toasts for the outcome of an action (DESIGN: top-right). The shell's ToastProvider
 * (app/layout/toast-provider.tsx) loads notistack with the first one.
 */
export function notifySuccess(message: string): void {
  showToast({ message, variant: 'success' });
}

export function notifyError(message: string): void {
  showToast({ message, variant: 'error' });
}
