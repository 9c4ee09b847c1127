import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Drawer,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import {
  AUTOMATION_EXECUTION_STATUS_LABELS,
  TRIGGER_TYPE_LABELS,
  type ActionResultStatus,
  type AutomationExecution,
} from '@boardwalk/shared/schemas/automation';
import { ACTION_TYPE_LABELS } from '@boardwalk/shared/schemas/workflow-action';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import {
  useDeleteAutomationExecutionMutation,
  useGetAutomationExecutionQuery,
  useRetryAutomationExecutionMutation,
} from '../../entities/executions/api.ts';
import { AutomationExecutionStatusChip } from './automation-execution-status-chip.tsx';

const when = (value: string | null) => (value ? formatDateTime(value) : '—');
const RESULT_CHIP: Record<ActionResultStatus, { label: string; color: 'default' | 'success' | 'error' }> = {
  pending: { label: 'Pending', color: 'default' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  skipped: { label: 'Skipped', color: 'default' },
};

function Field({ label, children }: { label: string; children: ReactNode }) {
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

function ActionResults({ id }: { id: string }) {
  const detail = useGetAutomationExecutionQuery(id);
  if (detail.isLoading) return <Skeleton variant="rectangular" height={80} />;
  if (!detail.data)
    return <Alert severity="error">The actions could not be loaded. {errorMessage(detail.error)}</Alert>;
  const { actions, triggerEvent, resumeAt } = detail.data;
  return (
    <>
      <Field label="Trigger">{`${TRIGGER_TYPE_LABELS[triggerEvent.type]} (chain depth ${triggerEvent.depth})`}</Field>
      {resumeAt && <Field label="Continues at">{when(resumeAt)}</Field>}
      <Box>
        <Typography variant="subtitle2" component="h3">
          Actions
        </Typography>
        <List dense aria-label="Action results">
          {actions.map((a) => (
            <ListItem key={a.position} disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
              <Chip size="small" {...RESULT_CHIP[a.status]} />
              <ListItemText
                primary={`${a.position + 1}. ${a.summary}`}
                secondary={
                  <>
                    {ACTION_TYPE_LABELS[a.type]} · started {when(a.startedAt)} · finished {when(a.finishedAt)}
                    {a.error && (
                      <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                        {a.error}
                      </Typography>
                    )}
                    {a.result && (
                      <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: 12 }}>
                        {JSON.stringify(a.result)}
                      </Box>
                    )}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </Box>
    </>
  );
}

/** One run of an automation: for whom, what started it, each action's result and timings; retry and delete. */
export function AutomationExecutionDrawer({
  execution,
  canRetry,
  canDelete,
  onClose,
}: {
  execution: AutomationExecution | null;
  canRetry: boolean;
  canDelete: boolean;
  onClose: () => void;
}) {
  const [retry, retrying] = useRetryAutomationExecutionMutation();
  const [remove, removing] = useDeleteAutomationExecutionMutation();
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
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}
    >
      {execution && (
        <Stack spacing={2} sx={{ p: 3 }} role="region" aria-label="Execution details">
          <Typography variant="h6" component="h2">
            {execution.automationName}
          </Typography>
          <AutomationExecutionStatusChip status={execution.status} />
          <Field label="Merchant">{execution.merchant?.dbaName ?? '—'}</Field>
          <Field label="Status">
            {`${AUTOMATION_EXECUTION_STATUS_LABELS[execution.status]}, attempt ${execution.attempt}`}
          </Field>
          <Field label="Queued">{when(execution.createdAt)}</Field>
          <Field label="Started">{when(execution.startedAt)}</Field>
          <Field label="Finished">{when(execution.finishedAt)}</Field>
          {execution.error && <Alert severity="error">{execution.error}</Alert>}
          <ActionResults id={execution.id} />
          {problem && <Alert severity="error">{problem}</Alert>}
          <Stack direction="row" spacing={1}>
            {canRetry && (execution.status === 'failed' || execution.status === 'stopped') && (
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
            message="It is removed from the history. What its actions did stays done."
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
