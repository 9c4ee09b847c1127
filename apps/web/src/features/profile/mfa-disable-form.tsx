import { Alert, Box, Button, Stack } from '@mui/material';
import { mfaDisableSchema } from '@boardwalk/shared/schemas/mfa';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useDisableMfaMutation } from '../../entities/me/api.ts';

/**
 * Turning off asks for the password and a code, so a session left open cannot do it. The one
 * form pattern without FormCard: it opens inside the MFA card, under what it turns off. Loaded on
 * first use (mfa-card.tsx), so the profile page every role opens does not carry the form code.
 */
export function MfaDisableForm({ onCancel }: { onCancel: () => void }) {
  const [disable] = useDisableMfaMutation();
  const { form, formProps } = useEntityForm({
    // Keeps nothing: the password and a recovery code are secrets, and an app's code is stale in 30 seconds.
    draft: { id: 'mfa-disable', keep: () => undefined },
    schema: mfaDisableSchema,
    defaultValues: { currentPassword: '', code: '' },
    save: (values) => disable(values).unwrap(),
    // The card turns to the enrolment when the status is fetched again (the mutation's tag).
    successMessage: 'Two-factor sign-in is off.',
  });
  const { onSubmit, submitting, rootError } = formProps;
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        {rootError ? (
          <Alert severity="error" role="alert">
            {rootError}
          </Alert>
        ) : null}
        <FormTextField
          control={form.control}
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          autoFocus
        />
        <FormTextField
          control={form.control}
          name="code"
          label="Code from the app or a recovery code"
          autoComplete="one-time-code"
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" color="error" variant="contained" loading={submitting}>
            Turn off
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
