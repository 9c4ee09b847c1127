import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session/use-session.ts';

const ChangePasswordDialog = lazy(() =>
  import('../../features/auth/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);

const MfaEnrolDialog = lazy(() =>
  import('../../features/profile/mfa-enrol-dialog.tsx').then((m) => ({ default: m.MfaEnrolDialog })),
);

export type ForcedStep = 'password' | 'mfa';

/**
 * What the signed-in user must do before any page may ask the API for data: replace a
 * temporary password, then enrol a second factor their role requires (the API refuses
 * everything else until then, in that order).
 */
export function useForcedStep(): ForcedStep | undefined {
  const { data } = useSession();
  if (data?.user.mustChangePassword) return 'password';
  if (data?.user.mustEnrollMfa) return 'mfa';
  return undefined;
}

/** The dialog of the pending forced step, or nothing. Needs the page providers (store, toasts). */
export function ForcedStepDialog() {
  const step = useForcedStep();
  if (!step) return null;
  return <Suspense fallback={null}>{step === 'password' ? <ChangePasswordDialog /> : <MfaEnrolDialog />}</Suspense>;
}
