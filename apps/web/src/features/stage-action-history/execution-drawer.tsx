import {
  ACTION_TYPE_LABELS,
  EXECUTION_STATUS_LABELS,
  type StageActionExecution,
} from '@boardwalk/shared/schemas/workflow-action';
import { Box } from '@mui/material';
import { ExecutionDrawerFrame, Field } from '../../components/workflow-actions/execution-drawer-frame.tsx';
import {
  useDeleteStageActionExecutionMutation,
  useRetryStageActionExecutionMutation,
} from '../../entities/executions/api.ts';
import { ExecutionStatusChip } from './execution-status-chip.tsx';

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
  return (
    <ExecutionDrawerFrame
      execution={execution}
      width={440}
      title={execution ? ACTION_TYPE_LABELS[execution.type] : ''}
      chip={execution && <ExecutionStatusChip status={execution.status} />}
      statusLabel={execution ? EXECUTION_STATUS_LABELS[execution.status] : ''}
      lead={<Field label="Action">{execution?.summary}</Field>}
      afterMerchant={<Field label="Stage">{execution?.stage?.name ?? '—'}</Field>}
      canRetry={canRetry && execution?.status === 'failed'}
      canDelete={canDelete}
      deleteMessage="It is removed from the history. What the action did stays done."
      retry={{ run: (id) => retry(id).unwrap(), busy: retrying.isLoading }}
      remove={{ run: (id) => remove(id).unwrap(), busy: removing.isLoading }}
      onClose={onClose}
    >
      {execution?.result && (
        <Field label="Result">
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
            {JSON.stringify(execution.result, null, 2)}
          </Box>
        </Field>
      )}
    </ExecutionDrawerFrame>
  );
}
