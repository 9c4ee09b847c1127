import { useParams } from 'react-router';
import { Alert, Button, Grid, Skeleton, Stack } from '@mui/material';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { useGetUserQuery } from '../../entities/users/api.ts';
import { UserDetailsForm } from './user-details-form.tsx';
import { UserMfaCard } from './user-mfa-card.tsx';
import { userName } from './user-labels.ts';
import { RefusedCard } from './refused-card.tsx';
import { UserPasswordCard } from './user-password-card.tsx';
import { UserSessionsCard } from './user-sessions-card.tsx';
import { UserStatusCard } from './user-status-card.tsx';
import { useUserRefusals } from './use-user-refusals.ts';

/** /user/edit/:id: details and role, suspend or reactivate, temporary password, sessions. */
export function UserEditPage() {
  const { id = '' } = useParams();
  const { data: user, error, isLoading, refetch } = useGetUserQuery(id);
  // What the server would refuse is not offered (the same shared rules decide).
  const refusals = useUserRefusals(user ?? { id, role: 'ROLE_SUPERADMIN' });
  if (isLoading) return <Skeleton variant="rectangular" height={320} />;
  if (!user) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
        The user could not be loaded. {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title={`Edit User: ${userName(user)}`} subtitle={user.email} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <UserDetailsForm key={user.id} user={user} refusal={refusals.update} />
            <UserSessionsCard user={user} refusal={refusals.endSessions} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <UserStatusCard user={user} refusals={refusals} />
            {refusals.resetPassword === null ? (
              <UserPasswordCard key={user.id} user={user} />
            ) : (
              <RefusedCard title="Reset password" reason={refusals.resetPassword} />
            )}
            <UserMfaCard user={user} refusal={refusals.resetMfa} />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
