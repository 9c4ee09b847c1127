import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onToastWaiting, toastsWaiting } from '../../lib/toast-queue.ts';

const ToastHost = lazy(() => import('./toast-host.tsx').then((m) => ({ default: m.ToastHost })));

/**
 * Toasts. Mounted by the vertical layout; pages call `notifySuccess` / `notifyError`
 * (components/form/notify.ts). notistack and its host load with the first toast (decision 055:
 * about 6 KB that no page needs before an action ends); the sign-in page does not load them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [needed, setNeeded] = useState(toastsWaiting);
  useEffect(() => {
    if (needed) return;
    if (toastsWaiting()) setNeeded(true);
    return onToastWaiting(() => setNeeded(true));
  }, [needed]);
  return (
    <>
      {children}
      {needed && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
