import { useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, Chip, Skeleton, Typography } from '@mui/material';
import type { User } from '@boardwalk/shared/schemas/user';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useGetUserMfaQuery, useResetUserMfaMutation } from './api.ts';
import { userName } from './user-labels.ts';
import { formatDate } from '../../lib/format-date.ts';

const when = (iso: string) => formatDate(iso);

/**
 * Whether the user signs in with a second factor, and (for a role above theirs) a reset for a
 * lost phone: it turns the factor off and ends their sessions; they set it up again afterwards.
 */
export function UserMfaCard({ user, mayReset }: { user: User; mayReset: boolean }) {
  const { data: status, error, isLoading, refetch } = useGetUserMfaQuery(user.id);
  const [reset, resetting] = useResetUserMfaMutation();
  const [confirming, setConfirming] = useState(false);

  const onConfirm = async () => {
    try {
      await reset(user.id).unwrap();
      notifySuccess('Two-factor sign-in reset: their sessions ended.');
      setConfirming(false);
    } catch (failure) {
      notifyError(errorMessage(failure));
    }
  };

  return (
    <Card>
      <CardHeader
        title="Two-factor sign-in"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          status ? (
            <Chip size="small" color={status.enabled ? 'success' : 'default'} label={status.enabled ? 'On' : 'Off'} />
          ) : null
        }
      />
      <CardContent>
        {isLoading ? (
          <Skeleton variant="rectangular" height={48} />
        ) : error || !status ? (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
            Two-factor status could not be loaded. {errorMessage(error)}
          </Alert>
        ) : (
          <>
            <Typography color="text.secondary">
              {status.enabled
                ? `On since ${status.enabledAt ? when(status.enabledAt) : '—'}; ${status.recoveryCodesLeft} recovery codes left.`
                : status.required
                  ? 'Off. Their role requires it: they must set it up at their next sign-in.'
                  : 'Off.'}
            </Typography>
            {status.enabled && mayReset ? (
              <Button color="error" sx={{ mt: 2 }} onClick={() => setConfirming(true)}>
                Reset two-factor sign-in
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Reset two-factor sign-in?"
        message={`${userName(user)} will be signed out everywhere and can sign in with their password alone until they set up an authenticator app again. Do this only when you are sure it is them (for example, a lost phone).`}
        confirmLabel="Reset"
        busy={resetting.isLoading}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
