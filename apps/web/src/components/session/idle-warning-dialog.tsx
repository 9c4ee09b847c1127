import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export type IdleWarningDialogProps = {
  secondsLeft: number;
  onStay: () => void;
  onSignOut: () => void;
};

/**
 * "You will be signed out in 60 s". Escape or a click beside it counts as staying:
 * the user is plainly there.
 */
export function IdleWarningDialog({ secondsLeft, onStay, onSignOut }: IdleWarningDialogProps) {
  return (
    <Dialog open onClose={onStay} maxWidth="xs" fullWidth aria-labelledby="idle-warning-title">
      <DialogTitle id="idle-warning-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You will be signed out in {secondsLeft} s because nothing has happened for a while.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOut}>Sign out</Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
