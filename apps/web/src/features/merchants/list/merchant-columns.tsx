import { Link as RouterLink } from 'react-router';
import { Link, Stack, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { GridColDef } from '@mui/x-data-grid';
import { UNDERWRITING_DECISION_LABELS } from '@boardwalk/shared/merchant-enums';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import { formatDate } from '../../../lib/format-date.ts';
import { statusTextColour } from '../../../lib/theme/accessible-colours.ts';
import { stageAge } from './days-in-stage.ts';
import { StageChip } from './stage-chip.tsx';

const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const nameOr = (ref: { name: string } | null, none: string) => ref?.name ?? none;

export function merchantPath(id: string): string {
  return `/merchant/view/${encodeURIComponent(id)}`;
}

/** Days in stage against the stage's SLA; overdue ones in the warning colour with an icon. */
export function StageAgeText({ merchant }: { merchant: Merchant }) {
  const age = stageAge(merchant.stageEnteredAt, merchant.stage.slaHours);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      {age.overdue && <WarningAmberIcon fontSize="small" color="warning" aria-hidden />}
      <Typography
        variant="body2"
        component="span"
        sx={age.overdue ? { color: (theme) => statusTextColour(theme, 'warning'), fontWeight: 600 } : undefined}
      >
        {age.label}
      </Typography>
    </Stack>
  );
}

/** The merchant list's columns; their fields are the API's sort names, so sorting goes to the server. */
export const merchantColumns: GridColDef<Merchant>[] = [
  {
    field: 'dbaName',
    headerName: 'DBA name',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row, tabIndex }) => (
      // The grid hands the Tab stop to the focused cell only: the link takes no other.
      <Link component={RouterLink} to={merchantPath(row.id)} tabIndex={tabIndex}>
        {row.dbaName}
      </Link>
    ),
  },
  {
    field: 'stage',
    headerName: 'Stage',
    width: 150,
    valueGetter: (_v, row) => row.stage.name,
    renderCell: ({ row }) => <StageChip name={row.stage.name} color={row.stage.color} />,
  },
  {
    field: 'assignee',
    headerName: 'Assignee',
    width: 150,
    valueGetter: (_v, row) => nameOr(row.assignee, 'Unassigned'),
  },
  { field: 'agent', headerName: 'Agent', width: 150, valueGetter: (_v, row) => nameOr(row.agent, '—') },
  { field: 'industry', headerName: 'Industry', width: 150, valueGetter: (_v, row) => nameOr(row.industry, '—') },
  {
    field: 'monthlyVolume',
    headerName: 'Monthly volume',
    type: 'number',
    width: 140,
    valueFormatter: (value: number | null) => (value === null ? '—' : money.format(value)),
  },
  {
    field: 'underwritingDecision',
    headerName: 'Decision',
    width: 110,
    valueFormatter: (value: Merchant['underwritingDecision']) => UNDERWRITING_DECISION_LABELS[value],
  },
  {
    field: 'stageEnteredAt',
    headerName: 'Days in stage',
    width: 160,
    renderCell: ({ row }) => <StageAgeText merchant={row} />,
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    width: 130,
    valueFormatter: (value: string) => formatDate(value),
  },
];
