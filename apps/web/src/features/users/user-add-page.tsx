import { useNavigate } from 'react-router';
import { Stack } from '@mui/material';
import { createUserSchema, type CreateUserInput } from '@boardwalk/shared/schemas/user';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { FormCard } from '../../components/form/form-card.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useMinPasswordLength } from '../../lib/portal-name.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useCreateUserMutation } from '../../entities/users/api.ts';
import { grantableRoleOptions } from './user-labels.ts';

const NEW_USER: CreateUserInput = {
  email: '',
  password: '',
  role: 'ROLE_STAFF',
  status: 'active',
  firstName: '',
  lastName: '',
  displayName: '',
  phone: '',
  mustChangePassword: true,
};

/** /user/add: a new user with a temporary password. */
export function UserAddPage() {
  const navigate = useNavigate();
  const { data: session } = useSession();
  const [create] = useCreateUserMutation();
  // The hint states the policy as set (the server checks it): 14 when the setting says 14.
  const minPasswordLength = useMinPasswordLength();
  const { form, formProps } = useEntityForm({
    draft: { id: 'user-add' },
    schema: createUserSchema,
    defaultValues: NEW_USER,
    save: (values) => create(values).unwrap(),
    successMessage: 'User added',
    onSaved: (user) => void navigate(`/user/edit/${user.id}`),
  });
  const { control, setValue } = form;
  return (
    <>
      <PageHeader title="Add User" />
      <FormCard title="New user" {...formProps} submitLabel="Add user" onCancel={() => navigate('/user/list')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="firstName" label="First name" required autoFocus autoComplete="off" />
          <FormTextField control={control} name="lastName" label="Last name" required autoComplete="off" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="displayName"
            label="Display name"
            helperText="Shown in menus; defaults to the full name"
          />
          <FormTextField control={control} name="phone" label="Phone" type="tel" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="email" label="Email" type="email" required autoComplete="off" />
          <FormSelect
            control={control}
            name="role"
            label="Role"
            required
            options={grantableRoleOptions(session?.user.role)}
          />
        </Stack>
        <PasswordField
          control={control}
          setValue={setValue}
          name="password"
          label="Temporary password"
          required
          helperText={`At least ${minPasswordLength} characters with letters and digits. Give it to the user securely: they must change it at their first sign-in.`}
        />
      </FormCard>
    </>
  );
}
