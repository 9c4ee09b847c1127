import { useState } from 'react';
import { notifyError, notifySuccess } from '../form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';

export type ConfirmDeleteOptions<T> = {
  /** Starts the delete; an RTK Query mutation trigger fits. */
  remove: (target: T) => { unwrap: () => Promise<unknown> };
  /** Names the target in the confirmation and the toast ("Company Acme"). */
  describe: (target: T) => string;
};

export type ConfirmDelete<T> = {
  target: T | undefined;
  busy: boolean;
  ask: (target: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
};

/** The state behind a delete confirmation: ask first, then delete with a toast for the outcome. */
export function useConfirmDelete<T>({ remove, describe }: ConfirmDeleteOptions<T>): ConfirmDelete<T> {
  const [target, setTarget] = useState<T>();
  const [busy, setBusy] = useState(false);
  return {
    target,
    busy,
    ask: setTarget,
    cancel: () => setTarget(undefined),
    confirm: async () => {
      if (target === undefined) return;
      setBusy(true);
      try {
        await remove(target).unwrap();
        notifySuccess(`${describe(target)} deleted`);
        setTarget(undefined);
      } catch (error) {
        notifyError(errorMessage(error, `${describe(target)} could not be deleted.`));
      } finally {
        setBusy(false);
      }
    },
  };
}
