import { useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import type { User } from '@boardwalk/shared/schemas/user';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useUpdateUserMutation } from '../../entities/users/api.ts';
import type { UserRefusals } from './use-user-refusals.ts';
import { STATUS_LABELS, userName } from './user-labels.ts';

/** Suspend (ends every session, blocks sign-in) or reactivate a user; the reason when refused. */
export function UserStatusCard({ user, refusals }: { user: User; refusals: Pick<UserRefusals, 'update' | 'suspend'> }) {
  const [update, { isLoading }] = useUpdateUserMutation();
  const [confirming, setConfirming] = useState(false);
  const suspended = user.status === 'suspended';
  const locked = user.lockedUntil !== null && new Date(user.lockedUntil) > new Date();

  const setStatus = async (status: User['status']) => {
    try {
      await update({ id: user.id, status, updatedAt: user.updatedAt }).unwrap();
      notifySuccess(status === 'suspended' ? `${userName(user)} suspended` : `${userName(user)} reactivated`);
      setConfirming(false);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Card>
      <CardHeader title="Account status" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip label={STATUS_LABELS[user.status]} color={suspended ? 'warning' : 'success'} />
            {user.mustChangePassword && <Chip variant="outlined" label="Must change password" />}
          </Stack>
          {locked && (
            <Alert severity="warning">
              Locked after too many failed sign-ins until {formatDateTime(user.lockedUntil)}.
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {suspended
              ? 'A suspended user cannot sign in.'
              : 'Suspending ends every session of the user and blocks sign-in until reactivated.'}
          </Typography>
          <div>
            {suspended && refusals.update ? (
              <Typography variant="body2">{refusals.update}</Typography>
            ) : suspended ? (
              <Button variant="contained" color="success" loading={isLoading} onClick={() => void setStatus('active')}>
                Reactivate
              </Button>
            ) : refusals.suspend ? (
              <Typography variant="body2">{refusals.suspend}</Typography>
            ) : (
              <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
                Suspend
              </Button>
            )}
          </div>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Suspend user?"
        message={`${userName(user)} will be signed out everywhere and cannot sign in until reactivated.`}
        confirmLabel="Suspend"
        busy={isLoading}
        onConfirm={() => void setStatus('suspended')}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
