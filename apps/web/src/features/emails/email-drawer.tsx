import { JOB_CONTROL_SUBJECT } from '@boardwalk/shared/schemas/cron-job';
import type { MessageDetail } from '@boardwalk/shared/schemas/message';
import { describeOutboundFailure, OUTBOUND_FAILURE_LABELS } from '@boardwalk/shared/schemas/outbound-failure';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, Box, Button, CircularProgress, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useGetEmailQuery, useRetryEmailMutation } from '../../entities/emails/api.ts';
import { MessageStatusChip } from './status-chip.tsx';

const TRANSPORT_LABELS = {
  smtp: 'SMTP',
  log: 'Log only (no SMTP configured)',
  'sms-log': 'Stored (default SMS provider)',
  'sms-http': 'SMS gateway',
};
const CAUSE_LABELS = {
  stage_action: 'Stage action',
  automation: 'Automation',
  digest: 'Daily digest',
  manual: 'Manual',
  notification: 'Notification',
};

function Facts({ message }: { message: MessageDetail }) {
  const items: [string, string][] = [
    ['Queued', formatDateTime(message.createdAt)],
    [message.outcome === 'logged' ? 'Logged' : 'Sent', message.sentAt ? formatDateTime(message.sentAt) : '—'],
    ['To', message.to || '—'],
    ...(message.cc ? ([['Cc', message.cc]] as [string, string][]) : []),
    ['Channel', message.channel === 'email' ? 'Email' : 'SMS'],
    ['Transport', message.transport ? TRANSPORT_LABELS[message.transport] : '—'],
    ['Attempts', String(message.attempts)],
    ['Merchant', message.merchantName ?? '—'],
    ['Template', message.templateName ?? (message.templateId ? 'Deleted template' : 'Built in')],
    ['Cause', CAUSE_LABELS[message.causeType]],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The rendered HTML in a sandboxed frame: `sandbox` with no allowances runs no script, submits
 * no form and gets an opaque origin; the frame inherits the page's CSP (no outside images).
 */
function RenderedHtml({ html }: { html: string }) {
  return (
    <Box
      component="iframe"
      title="Rendered message"
      sandbox=""
      srcDoc={html}
      sx={{ width: '100%', height: 360, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}

/**
 * Why the message failed: a server's refusal as its classified reason in plain words and its
 * code (its own words are never kept, decision 073), with the portal's sentence when it says more
 * (which address the policy refused); the portal's own reason otherwise.
 */
function FailureReason({ message }: { message: MessageDetail }) {
  if (!message.failureReason) return message.error ? <Alert severity="error">{message.error}</Alert> : null;
  const plain = describeOutboundFailure(message.failureReason, message.failureCode);
  return (
    <Alert severity={message.status === 'failed' ? 'error' : 'warning'}>
      <AlertTitle>{OUTBOUND_FAILURE_LABELS[message.failureReason]}</AlertTitle>
      {message.error && message.error !== plain && <Typography variant="body2">{message.error}</Typography>}
      {message.failureCode && <Typography variant="body2">Code: {message.failureCode}</Typography>}
      {message.status === 'queued' && <Typography variant="body2">It will be tried again.</Typography>}
    </Alert>
  );
}

export type EmailDrawerProps = { id: string | undefined; onClose: () => void };

/** One message: its facts, its error, what was sent (HTML safely framed, or text), and retry. */
export function EmailDrawer({ id, onClose }: EmailDrawerProps) {
  const query = useGetEmailQuery(id ?? '', { skip: !id });
  const [retry, retryState] = useRetryEmailMutation();
  const [confirming, setConfirming] = useState(false);
  const ability = useAppAbility();
  const message = query.currentData;

  const onRetry = async () => {
    if (!message) return;
    try {
      await retry(message.id).unwrap();
      notifySuccess('The message is queued again.');
      setConfirming(false);
    } catch (error) {
      notifyError(errorMessage(error, 'The message could not be queued again.'));
      setConfirming(false);
    }
  };

  return (
    <Drawer
      anchor="right"
      open={Boolean(id)}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 600 } } } }}
    >
      <Stack spacing={2} sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {message?.channel === 'sms' ? 'SMS' : 'Email'}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {query.isFetching && !message && <CircularProgress aria-label="Loading the message" />}
        {query.error && <Alert severity="error">{errorMessage(query.error, 'The message could not be loaded.')}</Alert>}
        {message && (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MessageStatusChip outcome={message.outcome} />
              {message.status === 'failed' && ability.can('update', JOB_CONTROL_SUBJECT) && (
                <Button variant="contained" size="small" onClick={() => setConfirming(true)} disabled={!message.to}>
                  Retry
                </Button>
              )}
            </Stack>
            {message.outcome === 'logged' && (
              <Alert severity="warning">
                Logged only: no {message.channel === 'sms' ? 'SMS provider' : 'mail server'} was configured when it was
                sent, so it did not leave the portal.
              </Alert>
            )}
            <FailureReason message={message} />
            <Facts message={message} />
            {message.channel === 'email' && (
              <>
                <Typography variant="subtitle1" component="h3">
                  Subject: {message.subject || '(none)'}
                </Typography>
                {message.html ? (
                  <RenderedHtml html={message.html} />
                ) : (
                  <Typography color="text.secondary">Not rendered yet.</Typography>
                )}
              </>
            )}
            {(message.channel === 'sms' || message.text) && (
              <>
                <Typography variant="subtitle1" component="h3">
                  {message.channel === 'sms' ? 'Text' : 'Text part'}
                </Typography>
                <Box
                  component="pre"
                  sx={{
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                    m: 0,
                    p: 1.5,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                  }}
                >
                  {message.text || '—'}
                </Box>
              </>
            )}
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Send this message again?"
        message={`It goes to ${message?.to ?? ''} with a new send job.`}
        confirmLabel="Retry"
        destructive={false}
        busy={retryState.isLoading}
        onConfirm={() => void onRetry()}
        onClose={() => setConfirming(false)}
      />
    </Drawer>
  );
}
