import { EXECUTION_STATUS_LABELS, type ExecutionStatus } from '@boardwalk/shared/schemas/workflow-action';
import { Chip } from '@mui/material';

const COLOURS = { queued: 'default', running: 'info', succeeded: 'success', failed: 'error' } as const;

export function ExecutionStatusChip({ status }: { status: ExecutionStatus }) {
  return <Chip size="small" variant="filled" label={EXECUTION_STATUS_LABELS[status]} color={COLOURS[status]} />;
}
