import { Alert, Box, Chip, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import {
  AUTOMATION_EXECUTION_STATUS_LABELS,
  TRIGGER_TYPE_LABELS,
  type ActionResultStatus,
  type AutomationExecution,
} from '@boardwalk/shared/schemas/automation';
import { ACTION_TYPE_LABELS } from '@boardwalk/shared/schemas/workflow-action';
import { ExecutionDrawerFrame, Field, when } from '../../components/workflow-actions/execution-drawer-frame.tsx';
import { errorMessage } from '../../lib/problem.ts';
import {
  useDeleteAutomationExecutionMutation,
  useGetAutomationExecutionQuery,
  useRetryAutomationExecutionMutation,
} from '../../entities/executions/api.ts';
import { AutomationExecutionStatusChip } from './automation-execution-status-chip.tsx';

const RESULT_CHIP: Record<ActionResultStatus, { label: string; color: 'default' | 'success' | 'error' }> = {
  pending: { label: 'Pending', color: 'default' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  skipped: { label: 'Skipped', color: 'default' },
};

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
  return (
    <ExecutionDrawerFrame
      execution={execution}
      width={480}
      title={execution?.automationName}
      chip={execution && <AutomationExecutionStatusChip status={execution.status} />}
      statusLabel={execution ? AUTOMATION_EXECUTION_STATUS_LABELS[execution.status] : ''}
      canRetry={canRetry && (execution?.status === 'failed' || execution?.status === 'stopped')}
      canDelete={canDelete}
      deleteMessage="It is removed from the history. What its actions did stays done."
      retry={{ run: (id) => retry(id).unwrap(), busy: retrying.isLoading }}
      remove={{ run: (id) => remove(id).unwrap(), busy: removing.isLoading }}
      onClose={onClose}
    >
      {execution && <ActionResults id={execution.id} />}
    </ExecutionDrawerFrame>
  );
}
