import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';

export type StepUpDialogProps = {
  open: boolean;
  /** The server's answer to a wrong password, shown under the field. */
  error: string | undefined;
  busy: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
};

/**
 * Step-up: security and SMTP settings change only after the user re-enters their
 * password, so a left-open session cannot weaken them. Mount with a fresh `key` per request so
 * a typed password never lingers.
 */
export function StepUpDialog({ open, error, busy, onConfirm, onClose }: StepUpDialogProps) {
  const [password, setPassword] = useState('');
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // React bubbles events through portals: keep this submit away from the settings form.
          event.stopPropagation();
          if (password) onConfirm(password);
        }}
      >
        <DialogTitle>Confirm with your password</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Security and email settings change only after you enter your password again.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="password"
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Confirm and save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
