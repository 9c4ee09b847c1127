import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { notifySuccess } from '../../../components/form/notify.ts';
import type { DraftStatus, DraftWriter } from './draft-writer.ts';

type Props = {
  status: DraftStatus;
  writer: DraftWriter;
  /** Changes not on the server yet (the draft's own URL change aside). */
  hasUnsent: () => boolean;
};

export const DRAFT_KEPT_MESSAGE = 'Draft saved. Continue it from Add merchant, under My open applications.';

/**
 * Leaving the add form inside the app. The application is a server draft written as one types,
 * and what waits for its pause is sent as the page goes (use-merchant-server-draft's flush): so
 * leaving asks nothing and says where the draft is. "Discard changes?" here discarded nothing (the
 * draft stayed in the open applications). Only when the last write failed or another tab took the
 * draft over are the latest changes really lost: then leaving asks first. Closing the tab with
 * changes still on their way lets the browser ask.
 */
export function DraftLeaveGuard({ status, writer, hasUnsent }: Props) {
  const lost = status === 'failed' || status === 'stale';
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    if (lost && (status === 'stale' || hasUnsent())) return true;
    // Leaving the page (not a new application on it): the unmount sends what waits.
    if (writer.draftId() && writer.open()) notifySuccess(DRAFT_KEPT_MESSAGE);
    return false;
  });

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsent()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsent]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without your latest changes?"
      message={
        status === 'stale'
          ? 'This application was changed in another tab: your latest changes here are not in the draft.'
          : 'The draft could not be saved just now: your latest changes are not in it.'
      }
      confirmLabel="Leave"
      destructive
      onConfirm={() => {
        writer.close();
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    />
  );
}
