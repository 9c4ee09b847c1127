import { useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  type DialogProps,
} from '@mui/material';
import { DiscardChangesDialog } from '../confirm/discard-changes-dialog.tsx';
import { DraftNotice } from './draft-notice.tsx';
import type { FormDraft } from './use-form-draft.ts';

export type FormDialogProps = {
  title: string;
  /**
   * Closes the dialog (Cancel, Escape, a click beside it). Left out for a step the user must
   * take (the forced password change): then nothing dismisses it and there is no Cancel.
   */
  onClose?: (() => void) | undefined;
  /** A button beside Submit in place of Cancel (the forced step's Sign out). */
  secondaryAction?: ReactNode;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
  rootError?: string | undefined;
  submitLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  /** Unsaved changes: Escape, a click beside the dialog and Cancel ask before closing. */
  dirty?: boolean;
  /** The form's draft (use-entity-form): its restored notice, forgotten on discard. */
  draft?: FormDraft;
  children: ReactNode;
};

/**
 * A dialog holding a form: Enter submits, Escape and Cancel close (asking "Discard changes?"
 * first when the form has changes), a server error that belongs to no field shows above the
 * buttons. Mounted only while open; values typed and not saved come back from the draft.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitting,
  rootError,
  submitLabel = 'Save',
  maxWidth = 'sm',
  dirty = false,
  draft,
  secondaryAction,
  children,
}: FormDialogProps) {
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (dirty || draft?.hasChanges()) setAsking(true);
    else onClose?.();
  };
  return (
    <Dialog
      open
      fullWidth
      maxWidth={maxWidth}
      onClose={submitting || !onClose ? undefined : close}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DraftNotice draft={draft} />
          {children}
          {rootError && <Alert severity="error">{rootError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {secondaryAction}
        {onClose && (
          <Button onClick={close} disabled={submitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </DialogActions>
      <DiscardChangesDialog
        open={asking}
        onDiscard={() => {
          setAsking(false);
          draft?.discard();
          onClose?.();
        }}
        onKeep={() => setAsking(false)}
      />
    </Dialog>
  );
}
