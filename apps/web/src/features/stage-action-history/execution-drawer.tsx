import {
  ACTION_TYPE_LABELS,
  EXECUTION_STATUS_LABELS,
  type StageActionExecution,
} from '@boardwalk/shared/schemas/workflow-action';
import { Alert, Box, Button, Drawer, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useDeleteStageActionExecutionMutation, useRetryStageActionExecutionMutation } from '../../entities/executions/api.ts';
import { ExecutionStatusChip } from './execution-status-chip.tsx';

const when = (value: string | null) => (value ? formatDateTime(value) : '—');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
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

/** One execution: what ran, for whom, each timing, the error or the result; retry and delete. */
export function ExecutionDrawer({
  execution,
  canRetry,
  canDelete,
  onClose,
}: {
  execution: StageActionExecution | null;
  canRetry: boolean;
  canDelete: boolean;
  onClose: () => void;
}) {
  const [retry, retrying] = useRetryStageActionExecutionMutation();
  const [remove, removing] = useDeleteStageActionExecutionMutation();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  return (
    <Drawer
      anchor="right"
      open={execution !== null}
      onClose={close}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      {execution && (
        <Stack spacing={2} sx={{ p: 3 }} role="region" aria-label="Execution details">
          <Typography variant="h6" component="h2">
            {ACTION_TYPE_LABELS[execution.type]}
          </Typography>
          <ExecutionStatusChip status={execution.status} />
          <Field label="Action">{execution.summary}</Field>
          <Field label="Merchant">{execution.merchant?.dbaName ?? '—'}</Field>
          <Field label="Stage">{execution.stage?.name ?? '—'}</Field>
          <Field label="Status">{`${EXECUTION_STATUS_LABELS[execution.status]}, attempt ${execution.attempt}`}</Field>
          <Field label="Queued">{when(execution.createdAt)}</Field>
          <Field label="Started">{when(execution.startedAt)}</Field>
          <Field label="Finished">{when(execution.finishedAt)}</Field>
          {execution.error && <Alert severity="error">{execution.error}</Alert>}
          {execution.result && (
            <Field label="Result">
              <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
                {JSON.stringify(execution.result, null, 2)}
              </Box>
            </Field>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
          <Stack direction="row" spacing={1}>
            {canRetry && execution.status === 'failed' && (
              <Button
                variant="contained"
                disabled={retrying.isLoading}
                onClick={() => {
                  setProblem(null);
                  retry(execution.id)
                    .unwrap()
                    .then(close, (error: unknown) => setProblem(errorMessage(error)));
                }}
              >
                Retry
              </Button>
            )}
            {canDelete && execution.status !== 'running' && (
              <Button color="error" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
            <Button onClick={close}>Close</Button>
          </Stack>
          <ConfirmDialog
            open={confirming}
            title="Delete this execution?"
            message="It is removed from the history. What the action did stays done."
            busy={removing.isLoading}
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              remove(execution.id)
                .unwrap()
                .then(
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
