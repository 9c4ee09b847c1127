import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { AfterFirstCommit } from '../../components/after-first-commit.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useSettings } from '../../lib/settings/use-settings.ts';
import { RouteGate } from '../route-gate.tsx';
import { PageProviders } from '../page-providers.tsx';
import { shellStore as store } from '../shell-store.ts';
import { CustomizerCog } from './customizer/customizer-cog.tsx';
import { ForcedStepDialog, useForcedStep } from './forced-steps.tsx';
import { ScreenSettings } from './screen-settings.tsx';
import { VerticalLayout } from './vertical-layout.tsx';

// The Redux store lives with the shell: the pages that use the API are all in here, and the
// sign-in and landing pages then load no Redux at all (the transfer budgets of docs/architecture.md).
let cacheOwner: string | undefined;

// Only users who choose it load the horizontal layout (the customizer).
const HorizontalLayout = lazy(() =>
  import('./horizontal/horizontal-layout.tsx').then((module) => ({ default: module.HorizontalLayout })),
);

/** The layout the settings choose, as this screen shows them (ScreenSettings). */
function ChosenLayout({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  if (settings.layout !== 'horizontal') return <VerticalLayout>{children}</VerticalLayout>;
  return (
    <Suspense fallback={<PageSpinner />}>
      <HorizontalLayout>{children}</HorizontalLayout>
    </Suspense>
  );
}

/** Cached API data belongs to one user: drop it when another user (or nobody) is signed in. */
function ApiCacheOwner({ userId }: { userId: string | undefined }) {
  useEffect(() => {
    if (cacheOwner !== userId) store.dispatch(api.util.resetApiState());
    cacheOwner = userId;
  }, [userId]);
  return null;
}

/**
 * The menu and top bar, with the page only once no forced step is pending: the API refuses a
 * page's data until then, so the page is not mounted (no request, no refusal on screen) and
 * loads fresh after the step (anything cached meanwhile is dropped). When the shell first
 * appears, the page comes one commit after the frame (decision 063); later pages replace each
 * other in the frame directly.
 */
function ShellLayout({ children }: { children: ReactNode }) {
  const step = useForcedStep();
  const held = useRef(false);
  // A layout effect: it runs before the page's own effects start its queries.
  useLayoutEffect(() => {
    if (step) held.current = true;
    else if (held.current) {
      held.current = false;
      store.dispatch(api.util.resetApiState());
    }
  }, [step]);
  return (
    <ScreenSettings>
      <ChosenLayout>{step ? null : <AfterFirstCommit>{children}</AfterFirstCommit>}</ChosenLayout>
      <CustomizerCog />
    </ScreenSettings>
  );
}

/**
 * The route element of every menu page: store and toasts, gate, vertical layout, then the
 * forced password change or two-factor enrolment over a held page (forced-steps.tsx).
 */
export function VerticalShell() {
  const { data } = useSession();
  return (
    <PageProviders store={store}>
      <ApiCacheOwner userId={data?.user.id} />
      <RouteGate layout={ShellLayout} />
      <ForcedStepDialog />
    </PageProviders>
  );
}
