/** A toast as the app asks for one: notistack shows it (app/layout/toast-host.tsx). */
export type Toast = { message: string; variant: 'success' | 'error' | 'warning' | 'info' };

type Show = (toast: Toast) => void;

let host: Show | undefined;
const waiting: Toast[] = [];
const listeners = new Set<() => void>();

/**
 * Shows a toast: at once when the toast host is mounted, else when it is (decision 055: the
 * host and notistack load with the first toast, not with every page).
 */
export function showToast(toast: Toast): void {
  if (host) return host(toast);
  waiting.push(toast);
  for (const listener of listeners) listener();
}

/** Whether a toast waits for the host: the shell then mounts it. */
export function toastsWaiting(): boolean {
  return waiting.length > 0;
}

/** Called when a toast is asked for while no host is mounted; returns the unsubscribe. */
export function onToastWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The host shows the waiting toasts, then every later one, until it detaches. */
export function attachToastHost(show: Show): () => void {
  host = show;
  for (const toast of waiting.splice(0)) show(toast);
  return () => {
    if (host === show) host = undefined;
  };
}
