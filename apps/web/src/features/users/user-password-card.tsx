import { z } from 'zod';
import { passwordSchema } from '@boardwalk/shared/password';
import type { User } from '@boardwalk/shared/schemas/user';
import { FormCard } from '../../components/form/form-card.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useUpdateUserMutation } from '../../entities/users/api.ts';

const temporaryPasswordSchema = z.object({ password: passwordSchema() });

/** An administrator sets a temporary password; the user must change it at the next sign-in. */
export function UserPasswordCard({ user }: { user: User }) {
  const [update] = useUpdateUserMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'user-password', recordId: user.id },
    schema: temporaryPasswordSchema,
    defaultValues: { password: '' },
    save: ({ password }) =>
      update({ id: user.id, password, mustChangePassword: true, updatedAt: user.updatedAt }).unwrap(),
    successMessage: 'Temporary password set: their sessions ended and they must change it at next sign-in',
    onSaved: (_user, { reset }) => reset({ password: '' }),
  });
  return (
    <FormCard
      title="Reset password"
      subheader="Ends the user's sessions; they must choose a new password when they next sign in."
      {...formProps}
      submitLabel="Set temporary password"
    >
      <PasswordField
        control={form.control}
        setValue={form.setValue}
        name="password"
        label="Temporary password"
        required
      />
    </FormCard>
  );
}
