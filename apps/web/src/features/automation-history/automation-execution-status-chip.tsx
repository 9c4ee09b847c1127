import {
  AUTOMATION_EXECUTION_STATUS_LABELS,
  type AutomationExecutionStatus,
} from '@boardwalk/shared/schemas/automation';
import { Chip } from '@mui/material';

const COLOURS = {
  queued: 'default',
  running: 'info',
  waiting: 'info',
  succeeded: 'success',
  failed: 'error',
  stopped: 'warning',
} as const;

export function AutomationExecutionStatusChip({ status }: { status: AutomationExecutionStatus }) {
  return (
    <Chip size="small" variant="filled" label={AUTOMATION_EXECUTION_STATUS_LABELS[status]} color={COLOURS[status]} />
  );
}
