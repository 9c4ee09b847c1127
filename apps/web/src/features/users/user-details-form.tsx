import { Alert, Box, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { createUserSchema, type User } from '@boardwalk/shared/schemas/user';
import { FormCard } from '../../components/form/form-card.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../components/form/form-values.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useUpdateUserMutation } from '../../entities/users/api.ts';
import { grantableRoleOptions, ROLE_LABELS } from './user-labels.ts';
import { formatPhone } from '@boardwalk/shared/phone-format';

const detailsSchema = createUserSchema.pick({
  email: true,
  role: true,
  firstName: true,
  lastName: true,
  displayName: true,
  phone: true,
});
const DETAILS_DEFAULTS = {
  email: '',
  role: 'ROLE_STAFF',
  firstName: '',
  lastName: '',
  displayName: '',
  phone: '',
} as const;

/**
 * Name, contact and role of an existing user. A role change ends the user's sessions. When the
 * server would refuse any change (`refusal`), the details are shown read-only with the reason.
 */
export function UserDetailsForm({ user, refusal = null }: { user: User; refusal?: string | null }) {
  if (refusal) return <UserDetailsReadOnly user={user} refusal={refusal} />;
  return <UserDetailsEditor user={user} />;
}

function UserDetailsReadOnly({ user, refusal }: { user: User; refusal: string }) {
  const rows: [string, string | null][] = [
    ['Name', `${user.firstName} ${user.lastName}`.trim()],
    ['Display name', user.displayName],
    ['Phone', formatPhone(user.phone)],
    ['Email', user.email],
    ['Role', ROLE_LABELS[user.role]],
  ];
  return (
    <Card>
      <CardHeader title="Details" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
              <Typography component="dt" sx={{ fontWeight: 500, minWidth: 120 }}>
                {label}:
              </Typography>
              <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
                {value || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

function UserDetailsEditor({ user }: { user: User }) {
  const { data: session } = useSession();
  const [update] = useUpdateUserMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'user-details', recordId: user.id },
    schema: detailsSchema,
    defaultValues: formValuesFrom(DETAILS_DEFAULTS, user),
    save: (values) => update({ ...values, id: user.id, updatedAt: user.updatedAt }).unwrap(),
    successMessage: 'User saved',
  });
  const { control } = form;
  const grantable = grantableRoleOptions(session?.user.role);
  const roleOutOfReach = !grantable.some((option) => option.value === user.role);
  const roleOptions = roleOutOfReach ? [...grantable, { value: user.role, label: ROLE_LABELS[user.role] }] : grantable;
  return (
    <FormCard title="Details" {...formProps}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="firstName" label="First name" required />
        <FormTextField control={control} name="lastName" label="Last name" required />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="displayName" label="Display name" />
        <FormTextField control={control} name="phone" label="Phone" type="tel" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="email" label="Email" type="email" required />
        <FormSelect
          control={control}
          name="role"
          label="Role"
          required
          options={roleOptions}
          disabled={roleOutOfReach}
          helperText={roleOutOfReach ? 'Your role may not change this user' : 'Changing the role ends their sessions'}
        />
      </Stack>
    </FormCard>
  );
}
