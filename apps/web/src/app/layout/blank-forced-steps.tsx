import { PageProviders } from '../page-providers.tsx';
import { shellStore } from '../shell-store.ts';
import { ForcedStepDialog } from './forced-steps.tsx';

/**
 * The forced steps on a blank page (a plain sign-in lands on /): loaded only when one is
 * pending, so the landing and sign-in pages still carry no Redux otherwise. The toasts of the
 * steps' outcomes are the shell's own (PageProviders' ToastProvider).
 */
export function BlankForcedSteps() {
  return (
    <PageProviders store={shellStore}>
      <ForcedStepDialog />
    </PageProviders>
  );
}
