import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
} from '@mui/material';
import { useState, type SubmitEvent } from 'react';
import { useSession } from '../../lib/session/use-session.ts';
import { OutlinedField } from './outlined-field.tsx';
import { signInErrorMessage } from './sign-in-messages.ts';

export type SignInAgainDialogProps = {
  /** The signed-in user's address, filled in. */
  email: string;
  /** Gives up on the page: signs out for good. */
  onSignOut: () => void;
};

type FieldErrors = { email?: string; password?: string };

/**
 * The session ended while the user was on a page (issue 8): sign in again over it, so the page
 * and what was typed stay. It signs in with the session's own `signIn`, the one /login uses;
 * the session guard then sends the calls that met the 401 again. No Escape, no backdrop close:
 * the page behind cannot be used until this is answered.
 */
export function SignInAgainDialog({ email, onSignOut }: SignInAgainDialogProps) {
  const { signIn } = useSession();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const typedEmail = textOf(form.get('email')).trim();
    const password = textOf(form.get('password'));
    const invalid: FieldErrors = {};
    if (!typedEmail) invalid.email = 'Enter your email address';
    if (!password) invalid.password = 'Enter your password';
    setErrors(invalid);
    if (invalid.email || invalid.password) return;
    setFailure(undefined);
    setSubmitting(true);
    const callbackUrl = `${window.location.pathname}${window.location.search}`;
    let result;
    try {
      result = await signIn({ email: typedEmail, password, callbackUrl });
    } catch {
      result = { ok: false as const, error: 'FetchError', code: undefined };
    }
    // On success the session is live again and the guard closes this dialog.
    if (!result.ok) setFailure(await signInErrorMessage(result.error, result.code));
    setSubmitting(false);
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
          Sign in again to carry on. This page stays as it is, and what you were saving is sent once you are back.
        </DialogContentText>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }} aria-busy={submitting}>
          <OutlinedField
            id="sign-in-again-email"
            label="Email"
            type="email"
            autoComplete="username"
            name="email"
            defaultValue={email}
            error={errors.email}
          />
          <OutlinedField
            id="sign-in-again-password"
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            autoFocus
            name="password"
            error={errors.password}
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={showPassword ? 'Hide the typed characters' : 'Show the typed characters'}
                  onClick={() => setShowPassword((v) => !v)}
                  onMouseDown={(event) => event.preventDefault()}
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            }
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOut} disabled={submitting}>
          Sign out
        </Button>
        <Button type="submit" variant="contained" loading={submitting}>
          Sign in
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A text input's value from FormData ('' when missing). */
function textOf(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}
