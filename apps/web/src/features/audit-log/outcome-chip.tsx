import { AUDIT_OUTCOME_LABELS, type AuditOutcome } from '@boardwalk/shared/schemas/audit';
import { Chip } from '@mui/material';

const COLOURS = { success: 'success', failure: 'warning', denied: 'error' } as const;

export function OutcomeChip({ outcome }: { outcome: AuditOutcome }) {
  return (
    <Chip
      size="small"
      label={AUDIT_OUTCOME_LABELS[outcome]}
      color={COLOURS[outcome]}
      // Filled: the theme's fills keep 4.5:1 for their label; an outlined success chip does not.
      variant="filled"
    />
  );
}
