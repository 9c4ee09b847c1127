import { APPLICATION_STATE_LABELS, LIVE_APPLICATION_STATES } from '@boardwalk/shared/application-enums';
import type { ApplicationRequest, ApplicationState } from '@boardwalk/shared/schemas/application';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { DateTimeText } from '../../../components/date-time-text.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { showToast } from '../../../lib/toast-queue.ts';
import {
  useCopyApplicationLinkMutation,
  useListApplicationRequestsQuery,
  useResendApplicationRequestMutation,
  useRevokeApplicationRequestMutation,
  useSendApplicationRequestMutation,
} from '../../../entities/applications/api.ts';
import { ApplicationSigners } from './application-signers.tsx';
import { RequestChangesDialog } from './request-changes-dialog.tsx';

type Props = { merchantId: string; contactEmail: string; editable: boolean };
type Asked = 'send' | 'resend' | 'revoke' | null;

/** States with signers, and in which staff may send the application back. */
const filledIn = (state: ApplicationState) => state === 'submitted' || state === 'signed';
const live = (state: ApplicationState) => (LIVE_APPLICATION_STATES as readonly string[]).includes(state);
const COLOURS: Partial<Record<ApplicationState, 'info' | 'success' | 'warning' | 'default'>> = {
  opened: 'info',
  in_progress: 'info',
  submitted: 'success',
  signed: 'success',
  expired: 'warning',
};

/**
 * The merchant's application request (docs/decisions/097): its state, and for who may edit the
 * merchant, send (confirmed), resend (confirmed), copy the link and revoke (confirmed). Once
 * submitted: the signers (docs/decisions/107) and sending it back for changes (docs/decisions/108).
 */
export function ApplicationPanel({ merchantId, contactEmail, editable }: Props) {
  const { data, isLoading, error } = useListApplicationRequestsQuery(merchantId);
  const [send, sending] = useSendApplicationRequestMutation();
  const [resend, resending] = useResendApplicationRequestMutation();
  const [revoke, revoking] = useRevokeApplicationRequestMutation();
  const [copyLink] = useCopyApplicationLinkMutation();
  const [asked, setAsked] = useState<Asked>(null);
  const [changing, setChanging] = useState(false);

  if (isLoading) return <Skeleton variant="rectangular" height={160} aria-label="Loading the application requests" />;
  if (error) return <Alert severity="error">The application requests could not be loaded. {errorMessage(error)}</Alert>;
  const requests = data?.requests ?? [];
  const current = requests[0];
  const open = current && live(current.state) ? current : undefined;
  const ref = open ? { merchantId, requestId: open.id } : undefined;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showToast({ message: done, variant: 'success' });
      setAsked(null);
    } catch (e) {
      showToast({ message: errorMessage(e), variant: 'error' });
    }
  };
  const confirm = () => {
    if (asked === 'send') void run(() => send({ merchantId }).unwrap(), 'Application request sent');
    if (asked === 'resend' && ref) void run(() => resend(ref).unwrap(), 'Application request sent again');
    if (asked === 'revoke' && ref) void run(() => revoke(ref).unwrap(), 'Application request revoked');
  };
  const copy = async () => {
    if (!ref) return;
    try {
      const { link } = await copyLink(ref).unwrap();
      await navigator.clipboard.writeText(link);
      showToast({ message: 'Link copied. The merchant still needs the code we email them.', variant: 'success' });
    } catch (e) {
      showToast({ message: errorMessage(e), variant: 'error' });
    }
  };

  return (
    <Card>
      <CardHeader title="Application" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {current ? <RequestSummary request={current} /> : <Typography>No application request sent yet.</Typography>}
        {current && filledIn(current.state) && (
          <ApplicationSigners merchantId={merchantId} requestId={current.id} editable={editable} />
        )}
        {editable && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {open ? (
              <>
                <Button variant="contained" onClick={() => setAsked('resend')}>
                  Resend
                </Button>
                <Button variant="outlined" onClick={() => void copy()}>
                  Copy link
                </Button>
                <Button variant="outlined" color="error" onClick={() => setAsked('revoke')}>
                  Revoke
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => setAsked('send')} disabled={!contactEmail}>
                Send application request
              </Button>
            )}
            {current && filledIn(current.state) && (
              <Button variant="outlined" onClick={() => setChanging(true)}>
                Request changes
              </Button>
            )}
          </Stack>
        )}
        {editable && !open && !contactEmail && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Add the contact&apos;s email on the Business tab to send a request.
          </Typography>
        )}
      </CardContent>
      <ConfirmDialog
        open={asked !== null}
        title={
          asked === 'revoke'
            ? 'Revoke the application request?'
            : asked === 'resend'
              ? 'Send the link again?'
              : 'Send an application request?'
        }
        message={
          asked === 'revoke'
            ? 'The link stops working at once, also on a device the merchant already verified.'
            : `We email the link to ${open?.sentTo ?? contactEmail}.`
        }
        confirmLabel={asked === 'revoke' ? 'Revoke' : 'Send'}
        destructive={asked === 'revoke'}
        busy={sending.isLoading || resending.isLoading || revoking.isLoading}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      />
      {current && editable && filledIn(current.state) && (
        <RequestChangesDialog
          merchantId={merchantId}
          request={current}
          open={changing}
          onClose={() => setChanging(false)}
        />
      )}
    </Card>
  );
}

function RequestSummary({ request }: { request: ApplicationRequest }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      <Typography component="dt" color="text.secondary">
        State
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        <Chip
          size="small"
          label={APPLICATION_STATE_LABELS[request.state]}
          color={COLOURS[request.state] ?? 'default'}
        />
      </Box>
      <Typography component="dt" color="text.secondary">
        Sent to
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {request.sentTo}
      </Typography>
      <Typography component="dt" color="text.secondary">
        Last sent
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        <DateTimeText value={request.lastSentAt} />
        {request.createdBy ? ` by ${request.createdBy.name}` : ''}
      </Typography>
      <Typography component="dt" color="text.secondary">
        {live(request.state) ? 'Expires' : request.state === 'expired' ? 'Expired' : 'Expiry was'}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        <DateTimeText value={request.expiresAt} />
      </Typography>
    </Box>
  );
}
