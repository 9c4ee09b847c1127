import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { DiscardChangesDialog } from '../confirm/discard-changes-dialog.tsx';

export type LeaveGuardProps = {
  /** Read when the user leaves: true while the form holds unsaved changes. */
  hasChanges: () => boolean;
  /** The user chose to leave without saving. */
  onDiscard: () => void;
};

/**
 * Asks "Discard changes?" before the page with a dirty form is left inside the app (the
 * router's blocker), and lets the browser ask before the tab is closed or reloaded. Mounted by
 * a FormCard while its form is dirty; one at a time is what the router supports.
 */
export function LeaveGuard({ hasChanges, onDiscard }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasChanges()) return;
      // The browser shows its own "Leave site?" prompt; the text is not ours to choose.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasChanges]);

  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onDiscard={() => {
        onDiscard();
        blocker.proceed?.();
      }}
      onKeep={() => blocker.reset?.()}
    />
  );
}
