import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type SubmitEvent } from 'react';
import { notifySuccess } from '../../components/form/notify.ts';
import { errorMessage, problemFieldErrors } from '../../lib/problem.ts';
import { useDisableMfaMutation, useGetMyMfaQuery } from '../../entities/me/api.ts';
import { MfaEnrolment } from './mfa-enrolment.tsx';
import { MfaStatusCard } from '../../components/mfa-status-card.tsx';
import { formatDateTime as when } from '../../lib/format-date.ts';
import { textOf } from '../../lib/form-data.ts';

/** Turning off asks for the password and a code, so a session left open cannot do it. */
function DisableForm({ onCancel }: { onCancel: () => void }) {
  const [disable, disabling] = useDisableMfaMutation();
  const [errors, setErrors] = useState<{ currentPassword?: string; code?: string }>({});
  const [failure, setFailure] = useState<string>();
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = textOf(form.get('currentPassword'));
    const code = textOf(form.get('code')).trim();
    const missing = {
      currentPassword: currentPassword ? undefined : 'Enter your current password',
      code: code ? undefined : 'Enter a code from your app, or a recovery code',
    };
    setErrors(missing);
    setFailure(undefined);
    if (missing.currentPassword || missing.code) return;
    const result = await disable({ currentPassword, code });
    if ('error' in result && result.error) {
      const fields = problemFieldErrors(result.error);
      if (fields.currentPassword || fields.code) {
        setErrors({ currentPassword: fields.currentPassword?.[0], code: fields.code?.[0] });
      } else setFailure(errorMessage(result.error));
      return;
    }
    notifySuccess('Two-factor sign-in is off.');
  };
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextField
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          error={!!errors.currentPassword}
          helperText={errors.currentPassword}
        />
        <TextField
          name="code"
          label="Code from the app or a recovery code"
          autoComplete="one-time-code"
          error={!!errors.code}
          helperText={errors.code}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" color="error" variant="contained" loading={disabling.isLoading}>
            Turn off
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** The profile's "Two-factor sign-in" card: set it up, or see it is on and turn it off. */
export function MfaCard() {
  const query = useGetMyMfaQuery();
  const [turningOff, setTurningOff] = useState(false);
  return (
    <MfaStatusCard query={query} failure="Two-factor sign-in could not be loaded." loadingHeight={80}>
      {(status) =>
        !status.enabled ? (
          <MfaEnrolment onDone={() => void query.refetch()} />
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {status.enabledAt ? `On since ${when(status.enabledAt)}. ` : ''}
              You have {status.recoveryCodesLeft} unused recovery code{status.recoveryCodesLeft === 1 ? '' : 's'}.
            </Typography>
            {status.required ? (
              <Typography color="text.secondary">
                Your role requires two-factor sign-in. If you lose your phone, ask an administrator to reset it.
              </Typography>
            ) : turningOff ? (
              <DisableForm onCancel={() => setTurningOff(false)} />
            ) : (
              <Button color="error" onClick={() => setTurningOff(true)}>
                Turn off two-factor sign-in
              </Button>
            )}
          </Stack>
        )
      }
    </MfaStatusCard>
  );
}
