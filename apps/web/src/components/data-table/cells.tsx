import { Chip } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatDateTime } from '../../lib/format-date.ts';
import { DateTimeText } from '../date-time-text.tsx';

/** Active / Inactive as a small chip. */
export function ActiveChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      label={active ? 'Active' : 'Inactive'}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}

/** The `isActive` column most reference lists show. */
export function activeColumn<R extends GridValidRowModel & { isActive: boolean }>(): GridColDef<R> {
  return {
    field: 'isActive',
    headerName: 'Status',
    width: 105,
    renderCell: ({ row }) => <ActiveChip active={row.isActive} />,
  };
}

/** A timestamp column in the app's one date and time format. */
export function dateTimeColumn<R extends GridValidRowModel>(field: string, headerName: string): GridColDef<R> {
  return {
    field,
    headerName,
    width: 180,
    valueFormatter: (value: unknown) => formatDateTime(typeof value === 'string' ? value : null),
    // A moment with its UTC title; no moment shows what the column's formatter says ("Never", —).
    renderCell: ({ value, formattedValue }) =>
      typeof value === 'string' && value ? <DateTimeText value={value} /> : formattedValue,
  };
}
