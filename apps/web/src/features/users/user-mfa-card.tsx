import { useId, useState } from 'react';
import { Button, Typography } from '@mui/material';
import type { User } from '@boardwalk/shared/schemas/user';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { MfaStatusCard } from '../../components/mfa-status-card.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useGetUserMfaQuery, useResetUserMfaMutation } from '../../entities/users/api.ts';
import { userName } from './user-labels.ts';
import { formatDate as when } from '../../lib/format-date.ts';

/**
 * Whether the user signs in with a second factor, and (for a role above theirs) a reset for a
 * lost phone: it turns the factor off and ends their sessions; they set it up again afterwards.
 * A role that may not reset it sees the reset disabled, with the shared rule's reason.
 */
export function UserMfaCard({ user, refusal }: { user: User; refusal: string | null }) {
  const reasonId = useId();
  const query = useGetUserMfaQuery(user.id);
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
    <MfaStatusCard
      query={query}
      failure="Two-factor status could not be loaded."
      loadingHeight={48}
      footer={
        <ConfirmDialog
          open={confirming}
          title="Reset two-factor sign-in?"
          message={`${userName(user)} will be signed out everywhere and can sign in with their password alone until they set up an authenticator app again. Do this only when you are sure it is them (for example, a lost phone).`}
          confirmLabel="Reset"
          busy={resetting.isLoading}
          onConfirm={() => void onConfirm()}
          onClose={() => setConfirming(false)}
        />
      }
    >
      {(status) => (
        <>
          <Typography color="text.secondary">
            {status.enabled
              ? `On since ${status.enabledAt ? when(status.enabledAt) : '—'}; ${status.recoveryCodesLeft} recovery codes left.`
              : status.required
                ? 'Off. Their role requires it: they must set it up at their next sign-in.'
                : 'Off.'}
          </Typography>
          {status.enabled ? (
            <>
              <Button
                color="error"
                sx={{ mt: 2 }}
                disabled={refusal !== null}
                aria-describedby={refusal === null ? undefined : reasonId}
                onClick={() => setConfirming(true)}
              >
                Reset two-factor sign-in
              </Button>
              {refusal === null ? null : (
                <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {refusal}
                </Typography>
              )}
            </>
          ) : null}
        </>
      )}
    </MfaStatusCard>
  );
}
