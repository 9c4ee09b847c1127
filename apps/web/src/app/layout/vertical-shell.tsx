import { lazy, Suspense, useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { RouteGate } from '../route-gate.tsx';
import { PageProviders } from '../page-providers.tsx';
import { shellStore as store } from '../shell-store.ts';
import { VerticalLayout } from './vertical-layout.tsx';

const ChangePasswordDialog = lazy(() =>
  import('../../features/auth/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);

const MfaEnrolDialog = lazy(() =>
  import('../../features/profile/mfa-enrol-dialog.tsx').then((m) => ({ default: m.MfaEnrolDialog })),
);

// The Redux store lives with the shell: the pages that use the API are all in here, and the
// sign-in and landing pages then load no Redux at all (DESIGN §7 bundle budget).
let cacheOwner: string | undefined;

/** Cached API data belongs to one user: drop it when another user (or nobody) is signed in. */
function ApiCacheOwner({ userId }: { userId: string | undefined }) {
  useEffect(() => {
    if (cacheOwner !== userId) store.dispatch(api.util.resetApiState());
    cacheOwner = userId;
  }, [userId]);
  return null;
}

/**
 * The route element of every menu page: store and toasts, gate, vertical layout, forced password
 * change, then forced two-factor enrolment (the API allows them in that order too).
 */
export function VerticalShell() {
  const { data } = useSession();
  return (
    <PageProviders store={store}>
      <ApiCacheOwner userId={data?.user.id} />
      <RouteGate layout={VerticalLayout} />
      {data?.user.mustChangePassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog />
        </Suspense>
      ) : data?.user.mustEnrollMfa ? (
        <Suspense fallback={null}>
          <MfaEnrolDialog />
        </Suspense>
      ) : null}
    </PageProviders>
  );
}
