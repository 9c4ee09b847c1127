import { useParams } from 'react-router';
import { ROLE_RANK } from '@boardwalk/shared';
import { Alert, Button, Grid, Skeleton, Stack } from '@mui/material';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useGetUserQuery } from './api.ts';
import { UserDetailsForm } from './user-details-form.tsx';
import { UserMfaCard } from './user-mfa-card.tsx';
import { userName } from './user-labels.ts';
import { UserPasswordCard } from './user-password-card.tsx';
import { UserSessionsCard } from './user-sessions-card.tsx';
import { UserStatusCard } from './user-status-card.tsx';

/** /user/edit/:id: details and role, suspend or reactivate, temporary password, sessions. */
export function UserEditPage() {
  const { id = '' } = useParams();
  const { data: user, error, isLoading, refetch } = useGetUserQuery(id);
  const { data: session } = useSession();
  // Only a higher role may set someone's password or reset their second factor (issue 7); one's own is managed from the profile.
  const above =
    !!session && session.user.id !== user?.id && !!user && ROLE_RANK[session.user.role] > ROLE_RANK[user.role];
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
            <UserDetailsForm key={user.id} user={user} />
            <UserSessionsCard user={user} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <UserStatusCard user={user} />
            {above && <UserPasswordCard key={user.id} user={user} />}
            <UserMfaCard user={user} mayReset={above} />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
