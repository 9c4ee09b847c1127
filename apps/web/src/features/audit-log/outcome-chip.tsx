import { AUDIT_OUTCOME_LABELS, type AuditOutcome } from '@boardwalk/shared';
import { Chip } from '@mui/material';

const COLOURS = { success: 'success', failure: 'warning', denied: 'error' } as const;

export function OutcomeChip({ outcome }: { outcome: AuditOutcome }) {
  return (
    <Chip
      size="small"
      label={AUDIT_OUTCOME_LABELS[outcome]}
      color={COLOURS[outcome]}
      variant={outcome === 'success' ? 'outlined' : 'filled'}
    />
  );
}
