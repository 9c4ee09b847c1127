import { API_TOKEN_STATUS_LABELS, type ApiTokenStatus } from '@boardwalk/shared/schemas/api-token';
import { Chip } from '@mui/material';

const COLOURS = { active: 'success', rotating: 'warning', expired: 'default', revoked: 'error' } as const;

export function TokenStatusChip({ status }: { status: ApiTokenStatus }) {
  // Filled: the theme's fills keep 4.5:1 for their label (as OutcomeChip).
  return <Chip size="small" label={API_TOKEN_STATUS_LABELS[status]} color={COLOURS[status]} variant="filled" />;
}
