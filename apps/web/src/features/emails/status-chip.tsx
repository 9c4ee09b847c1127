import { MESSAGE_STATUS_LABELS, type MessageStatus } from '@boardwalk/shared/schemas/message';
import { Chip } from '@mui/material';

const COLOURS = { queued: 'default', sent: 'success', failed: 'error' } as const;

export function MessageStatusChip({ status }: { status: MessageStatus }) {
  return <Chip size="small" variant="filled" color={COLOURS[status]} label={MESSAGE_STATUS_LABELS[status]} />;
}
