import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session/use-session.ts';
import { MfaEnrolment } from './mfa-enrolment.tsx';

/**
 * Shown over every page while the session says mustEnrollMfa (the user's role requires
 * two-factor sign-in and they have none). It cannot be dismissed; signing out is the other way out.
 */
export function MfaEnrolDialog() {
  const { update, signOut } = useSession();
  const navigate = useNavigate();
  const titleId = useId();
  const leave = async () => {
    await signOut();
    await navigate('/');
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Set up two-factor sign-in</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Your role requires a code from an authenticator app when you sign in. Set it up to continue.
        </DialogContentText>
        <MfaEnrolment onDone={() => void update()} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void leave()} color="secondary">
          Sign out
        </Button>
      </DialogActions>
    </Dialog>
  );
}
