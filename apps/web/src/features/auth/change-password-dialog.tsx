import { changePasswordSchema } from '@boardwalk/shared/schemas/user';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { notifySuccess } from '../../components/form/notify.ts';
import { useMinPasswordLength } from '../../lib/portal-name.ts';
import { problemFieldErrors, errorMessage } from '../../lib/problem.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useChangeMyPasswordMutation } from '../../entities/me/password-api.ts';

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a new password' });
type FormValues = z.infer<typeof formSchema>;

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Shown over every page while the session says mustChangePassword (an administrator set a
 * temporary password). It cannot be dismissed; signing out is the other way out.
 */
export function ChangePasswordDialog() {
  const { update, signOut } = useSession();
  const navigate = useNavigate();
  const titleId = useId();
  const [changePassword] = useChangeMyPasswordMutation();
  const minPasswordLength = useMinPasswordLength();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(undefined);
    const result = await changePassword({ currentPassword, newPassword });
    if ('error' in result && result.error) {
      const fieldErrors = problemFieldErrors(result.error);
      let placed = false;
      for (const field of FIELDS) {
        const message = fieldErrors[field]?.[0];
        if (message) {
          setError(field, { message });
          placed = true;
        }
      }
      if (!placed) setFailure(errorMessage(result.error));
      return;
    }
    notifySuccess('Your password was changed.');
    await update({ passwordChanged: true });
  });

  const leave = async () => {
    await signOut();
    await navigate('/');
  };

  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Change your password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your password was set by an administrator. Choose your own to continue: at least {minPasswordLength}{' '}
            characters with letters and digits.
          </DialogContentText>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          {FIELDS.map((field) => (
            <TextField
              key={field}
              {...register(field)}
              type="password"
              label={
                {
                  currentPassword: 'Current password',
                  newPassword: 'New password',
                  confirmPassword: 'Repeat new password',
                }[field]
              }
              autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
              autoFocus={field === 'currentPassword'}
              fullWidth
              margin="dense"
              error={!!errors[field]}
              helperText={errors[field]?.message}
            />
          ))}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => void leave()} color="secondary">
            Sign out
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Change password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
