import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type SubmitEvent } from 'react';
import { errorMessage, problemFieldErrors } from '../../lib/problem.ts';
import { useConfirmMfaMutation, useStartMfaSetupMutation } from '../../entities/me/api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { textOf } from '../../lib/form-data.ts';

/** "ABCDEFGH…" → "ABCD EFGH …": easier to type from the screen. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Enrolment: a QR code (made by the server) and the key as text, a code from the app to
 * confirm, then the recovery codes once. `onDone` runs after the codes were acknowledged.
 */
export function MfaEnrolment({ onDone }: { onDone: () => void }) {
  const [start, started] = useStartMfaSetupMutation();
  const [confirm, confirming] = useConfirmMfaMutation();
  const [codeError, setCodeError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;

  const begin = async () => {
    setFailure(undefined);
    const result = await start();
    if ('error' in result && result.error) setFailure(errorMessage(result.error));
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = textOf(new FormData(event.currentTarget).get('code')).replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6 digits your app shows');
      return;
    }
    setCodeError(undefined);
    setFailure(undefined);
    const result = await confirm({ code });
    if ('error' in result && result.error) {
      const message = problemFieldErrors(result.error).code?.[0];
      if (message) setCodeError(message);
      else setFailure(errorMessage(result.error));
      return;
    }
    setRecoveryCodes(result.data.recoveryCodes);
  };

  const setup = started.data;
  if (!setup) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Protect your account with a code from an authenticator app (for example Google Authenticator, Microsoft
          Authenticator or 1Password) on top of your password.
        </Typography>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button variant="contained" onClick={() => void begin()} loading={started.isLoading}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2}>
        <Typography>1. Scan this QR code with your authenticator app.</Typography>
        <Box
          component="img"
          src={setup.qrCode}
          alt="QR code to add this account to your authenticator app"
          sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff', p: 1, borderRadius: 1 }}
        />
        <Typography variant="body2" color="text.secondary">
          Cannot scan it? Add the account by hand with this key:
        </Typography>
        <Typography
          component="code"
          aria-label="Setup key"
          sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}
        >
          {grouped(setup.secret)}
        </Typography>
        <Typography>2. Enter the 6-digit code the app now shows.</Typography>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextField
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          error={!!codeError}
          helperText={codeError}
          sx={{ maxWidth: 240 }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={confirming.isLoading}>
            Turn on
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
