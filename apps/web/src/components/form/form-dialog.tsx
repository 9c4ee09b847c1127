import type { BaseSyntheticEvent, ReactNode } from 'react';
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

export type FormDialogProps = {
  title: string;
  onClose: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
  rootError?: string | undefined;
  submitLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
};

/**
 * A dialog holding a form: Enter submits, Escape and Cancel close, a server error that belongs to
 * no field shows above the buttons. Mounted only while open, so each opening starts fresh.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitting,
  rootError,
  submitLabel = 'Save',
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open
      fullWidth
      maxWidth={maxWidth}
      onClose={submitting ? undefined : onClose}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {rootError && <Alert severity="error">{rootError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
