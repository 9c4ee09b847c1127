import { changePasswordSchema } from '@boardwalk/shared/schemas/user';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useMinPasswordLength } from '../../lib/portal-name.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useChangeMyPasswordMutation } from '../../entities/me/password-api.ts';

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a new password' });

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Repeat new password', autoComplete: 'new-password' },
] as const;

/**
 * Shown over every page while the session says mustChangePassword (an administrator set a
 * temporary password). It cannot be dismissed; signing out is the other way out. No draft is
 * kept: every field is a password, which a draft never holds.
 */
export function ChangePasswordDialog() {
  const { update, signOut } = useSession();
  const navigate = useNavigate();
  const [changePassword] = useChangeMyPasswordMutation();
  const minPasswordLength = useMinPasswordLength();
  const { form, formProps } = useEntityForm({
    draft: { id: 'change-password' },
    schema: formSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    save: ({ currentPassword, newPassword }) => changePassword({ currentPassword, newPassword }).unwrap(),
    successMessage: 'Your password was changed.',
    // The new session (mustChangePassword false) unmounts this dialog.
    onSaved: () => void update({ passwordChanged: true }),
  });

  const leave = async () => {
    await signOut();
    await navigate('/');
  };

  return (
    <FormDialog
      title="Change your password"
      maxWidth="xs"
      submitLabel="Change password"
      {...formProps}
      secondaryAction={
        <Button onClick={() => void leave()} color="secondary">
          Sign out
        </Button>
      }
    >
      <DialogContentText>
        Your password was set by an administrator. Choose your own to continue: at least {minPasswordLength} characters
        with letters and digits.
      </DialogContentText>
      {FIELDS.map(({ name, label, autoComplete }) => (
        <FormTextField
          key={name}
          control={form.control}
          name={name}
          type="password"
          label={label}
          autoComplete={autoComplete}
          autoFocus={name === 'currentPassword'}
        />
      ))}
    </FormDialog>
  );
}
