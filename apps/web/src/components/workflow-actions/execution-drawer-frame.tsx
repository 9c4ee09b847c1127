import { Alert, Box, Button, Drawer, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import { ConfirmDialog } from '../confirm/confirm-dialog.tsx';

export const when = (value: string | null) => (value ? formatDateTime(value) : '—');

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What both views show of a run: for whom, its status and timings, its error. */
type ExecutionSummary = {
  id: string;
  status: string;
  attempt: number;
  error: string | null;
  merchant: { dbaName: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/**
 * The detail drawer of one workflow execution (decision 078), for both history views: the run's
 * merchant, status and timings, the view's own fields (`lead` before the merchant, `afterMerchant`,
 * `children` after the error), and retry and delete.
 */
export function ExecutionDrawerFrame(props: {
  execution: ExecutionSummary | null;
  width: number;
  title: ReactNode;
  chip: ReactNode;
  statusLabel: string;
  lead?: ReactNode;
  afterMerchant?: ReactNode;
  children?: ReactNode;
  canRetry: boolean;
  canDelete: boolean;
  deleteMessage: string;
  retry: { run: (id: string) => Promise<unknown>; busy: boolean };
  remove: { run: (id: string) => Promise<unknown>; busy: boolean };
  onClose: () => void;
}) {
  const { execution } = props;
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    props.onClose();
  };
  return (
    <Drawer
      anchor="right"
      open={execution !== null}
      onClose={close}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: props.width } } } }}
    >
      {execution && (
        <Stack spacing={2} sx={{ p: 3 }} role="region" aria-label="Execution details">
          <Typography variant="h6" component="h2">
            {props.title}
          </Typography>
          {props.chip}
          {props.lead}
          <Field label="Merchant">{execution.merchant?.dbaName ?? '—'}</Field>
          {props.afterMerchant}
          <Field label="Status">{`${props.statusLabel}, attempt ${execution.attempt}`}</Field>
          <Field label="Queued">{when(execution.createdAt)}</Field>
          <Field label="Started">{when(execution.startedAt)}</Field>
          <Field label="Finished">{when(execution.finishedAt)}</Field>
          {execution.error && <Alert severity="error">{execution.error}</Alert>}
          {props.children}
          {problem && <Alert severity="error">{problem}</Alert>}
          <Stack direction="row" spacing={1}>
            {props.canRetry && (
              <Button
                variant="contained"
                disabled={props.retry.busy}
                onClick={() => {
                  setProblem(null);
                  props.retry.run(execution.id).then(close, (error: unknown) => setProblem(errorMessage(error)));
                }}
              >
                Retry
              </Button>
            )}
            {props.canDelete && execution.status !== 'running' && (
              <Button color="error" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
            <Button onClick={close}>Close</Button>
          </Stack>
          <ConfirmDialog
            open={confirming}
            title="Delete this execution?"
            message={props.deleteMessage}
            busy={props.remove.busy}
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              props.remove.run(execution.id).then(
                () => {
                  setConfirming(false);
                  close();
                },
                (error: unknown) => {
                  setConfirming(false);
                  setProblem(errorMessage(error));
                },
              );
            }}
          />
        </Stack>
      )}
    </Drawer>
  );
}
