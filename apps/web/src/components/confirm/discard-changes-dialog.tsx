import { ConfirmDialog } from './confirm-dialog.tsx';

export type DiscardChangesDialogProps = {
  open: boolean;
  onDiscard: () => void;
  onKeep: () => void;
};

/** "Discard changes?" before a dirty form is closed or left. Keeping is the safe default. */
export function DiscardChangesDialog({ open, onDiscard, onKeep }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Discard changes?"
      message="The changes you made have not been saved."
      confirmLabel="Discard"
      onConfirm={onDiscard}
      onClose={onKeep}
    />
  );
}
