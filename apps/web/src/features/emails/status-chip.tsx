import { MESSAGE_OUTCOME_LABELS, type MessageOutcome } from '@boardwalk/shared/schemas/message';
import { Chip, Tooltip } from '@mui/material';

const COLOURS = { queued: 'default', sent: 'success', logged: 'warning', failed: 'error' } as const;

/** What became of a message; "Logged only" is never green: it reached nobody (decision 082). */
export function MessageStatusChip({ outcome }: { outcome: MessageOutcome }) {
  const chip = (
    <Chip
      size="small"
      variant={outcome === 'logged' ? 'outlined' : 'filled'}
      color={COLOURS[outcome]}
      label={MESSAGE_OUTCOME_LABELS[outcome]}
    />
  );
  if (outcome !== 'logged') return chip;
  return (
    <Tooltip
      describeChild
      title="Stored in the log only: no mail server (or SMS provider) was configured, so it reached nobody"
    >
      {chip}
    </Tooltip>
  );
}
