import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_SUBJECT } from '@boardwalk/shared/notification-kinds';
import { useParams } from 'react-router';
import { useAppAbility } from '../../lib/ability.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorStatus, errorMessage } from '../../lib/problem.ts';
import { initialsOf, roleLabel } from '../../lib/role-label.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useGetMyProfileQuery } from '../../entities/me/api.ts';
import { useGetUserQuery } from '../../entities/users/api.ts';
import { MfaCard } from './mfa-card.tsx';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';
import { TimeZoneCard } from './time-zone-card.tsx';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box component="div" sx={{ display: 'flex', gap: 1, py: 0.75 }}>
      <Typography component="dt" sx={{ fontWeight: 500, minWidth: 120 }}>
        {label}:
      </Typography>
      <Typography component="dd" color="text.secondary" sx={{ m: 0, wordBreak: 'break-word' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** /user/view/:id: a user's profile (the Profile entry of the avatar menu). */
export function ProfilePage() {
  const { id = '' } = useParams();
  const { data: session } = useSession();
  const ability = useAppAbility();
  const own = !!id && id === session?.user.id;
  const mayReadOthers = ability.can('read', 'user');
  // One's own record from /api/me (every role may read it); another's only for who may read users.
  const mine = useGetMyProfileQuery(undefined, { skip: !own });
  const theirs = useGetUserQuery(id, { skip: own || !id || !mayReadOthers });
  const { data: user, error, isLoading } = own ? mine : theirs;

  if (!own && !mayReadOthers) {
    return <Alert severity="info">You may only see your own profile.</Alert>;
  }

  if (isLoading) {
    return (
      <Card aria-busy="true">
        <CardContent sx={{ p: 4 }}>
          <Skeleton variant="circular" width={96} height={96} />
          <Skeleton width="40%" height={40} />
          <Skeleton width="60%" />
        </CardContent>
      </Card>
    );
  }
  if (error || !user) {
    const notFound = errorStatus(error) === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'}>
        {notFound ? 'There is no user with this id.' : errorMessage(error, 'The profile could not be loaded.')}
      </Alert>
    );
  }

  const { firstName, lastName, displayName } = user.profile;
  const name = displayName || `${firstName} ${lastName}`.trim() || user.email || '';
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', mb: 3 }}>
            <Avatar
              src={user.image ?? undefined}
              alt=""
              sx={{ width: 96, height: 96, fontSize: 36, bgcolor: 'primary.dark', color: 'primary.contrastText' }}
            >
              {initialsOf(name)}
            </Avatar>
            <Box>
              <Typography component="h1" variant="h5">
                {name}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                {user.role ? <Chip size="small" color="primary" label={roleLabel(user.role)} /> : null}
                {user.status ? (
                  <Chip
                    size="small"
                    color={user.status === 'active' ? 'success' : 'warning'}
                    label={user.status === 'active' ? 'Active' : 'Suspended'}
                  />
                ) : null}
              </Box>
            </Box>
          </Box>
          <Divider sx={{ mb: 2 }} />
          <Typography component="h2" variant="overline" color="text.secondary">
            Details
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <Detail label="First name" value={firstName} />
            <Detail label="Last name" value={lastName} />
            <Detail label="Display name" value={displayName} />
            <Detail label="Email" value={user.email} />
            {user.phone !== undefined ? <Detail label="Phone" value={user.phone} /> : null}
            {user.lastLoginAt !== undefined ? (
              <Detail label="Last sign-in" value={formatDateTime(user.lastLoginAt)} />
            ) : null}
          </Box>
        </CardContent>
      </Card>
      {/* Only one's own second factor is managed here; an administrator resets others' from the user page. */}
      {session?.user.id === user.id ? <MfaCard /> : null}
      {session?.user.id === user.id ? <TimeZoneCard /> : null}
      {session?.user.id === user.id && ability.can('read', NOTIFICATION_SUBJECT) ? (
        <NotificationPreferencesCard />
      ) : null}
    </Stack>
  );
}
