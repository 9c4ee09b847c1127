import { Button, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useGetMyMfaQuery } from '../../entities/me/api.ts';
import { MfaEnrolment } from './mfa-enrolment.tsx';
import { MfaStatusCard } from '../../components/mfa-status-card.tsx';
import { formatDateTime as when } from '../../lib/format-date.ts';

// The turn-off form loads when asked for: most visits to the profile never open it.
const MfaDisableForm = lazy(() => import('./mfa-disable-form.tsx').then((m) => ({ default: m.MfaDisableForm })));

/** The profile's "Two-factor sign-in" card: set it up, or see it is on and turn it off. */
export function MfaCard() {
  const query = useGetMyMfaQuery();
  const [turningOff, setTurningOff] = useState(false);
  return (
    <MfaStatusCard query={query} failure="Two-factor sign-in could not be loaded." loadingHeight={80}>
      {(status) =>
        !status.enabled ? (
          <MfaEnrolment onDone={() => void query.refetch()} />
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {status.enabledAt ? `On since ${when(status.enabledAt)}. ` : ''}
              You have {status.recoveryCodesLeft} unused recovery code{status.recoveryCodesLeft === 1 ? '' : 's'}.
            </Typography>
            {status.required ? (
              <Typography color="text.secondary">
                Your role requires two-factor sign-in. If you lose your phone, ask an administrator to reset it.
              </Typography>
            ) : turningOff ? (
              <Suspense fallback={<Skeleton variant="rectangular" width={360} height={160} />}>
                <MfaDisableForm onCancel={() => setTurningOff(false)} />
              </Suspense>
            ) : (
              <Button color="error" onClick={() => setTurningOff(true)}>
                Turn off two-factor sign-in
              </Button>
            )}
          </Stack>
        )
      }
    </MfaStatusCard>
  );
}
