import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { SubmitEvent } from 'react';
import { SignInFields } from './sign-in/sign-in-fields.tsx';
import { useSignInSteps } from './sign-in/use-sign-in-steps.ts';

export type SignInAgainDialogProps = {
  /** The signed-in user's address, filled in. */
  email: string;
  /** Gives up on the page: signs out for good. */
  onSignOut: () => void;
};

/**
 * The session ended while the user was on a page: sign in again over it, so the page
 * and what was typed stay. It takes the same steps as /login (use-sign-in-steps.ts, the code
 * step included when two-factor sign-in is on); the session guard then sends the calls that met
 * the 401 again. No Escape, no backdrop close: the page behind cannot be used until this is
 * answered.
 */
export function SignInAgainDialog({ email, onSignOut }: SignInAgainDialogProps) {
  // The dialog stays on this page: Auth.js's redirect target is where the user is.
  const steps = useSignInSteps(() => `${window.location.pathname}${window.location.search}`);
  const { askCode, failure, errors, submitting } = steps;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // On success the session is live again and the guard closes this dialog.
    void steps.submit(new FormData(event.currentTarget));
  };

  return (
    <Dialog
      open
      maxWidth="xs"
      fullWidth
      aria-labelledby="sign-in-again-title"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id="sign-in-again-title">Your session has ended</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {askCode
            ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
            : 'Sign in again to carry on. This page stays as it is, and what you were saving is sent once you are back.'}
        </DialogContentText>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <Box sx={{ pt: 1 }} aria-busy={submitting}>
          <SignInFields idPrefix="sign-in-again-" askCode={askCode} errors={errors} email={email} focus="password" />
        </Box>
      </DialogContent>
      <DialogActions>
        {askCode ? (
          <Button onClick={steps.startOver} disabled={submitting}>
            Start over
          </Button>
        ) : null}
        <Button onClick={onSignOut} disabled={submitting}>
          Sign out
        </Button>
        <Button type="submit" variant="contained" loading={submitting}>
          {askCode ? 'Verify' : 'Sign in'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
