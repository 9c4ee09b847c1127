import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  industryListQuerySchema,
  RISK_LEVELS,
  RISK_LEVEL_LABELS,
  type Industry,
  type RiskLevel,
} from '@boardwalk/shared/schemas/industry';
import { activeColumn } from '../../components/data-table/cells.tsx';
import { ACTIVE_FILTER, enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { dialogEditing, ResourceListPage } from '../../components/data-table/resource-list-page.tsx';
import { useDeleteIndustryMutation, useListIndustriesQuery } from '../../entities/industries/api.ts';
import { IndustryFormDialog } from './industry-form-dialog.tsx';

const RISK_COLORS: Record<RiskLevel, 'success' | 'warning' | 'error'> = {
  low: 'success',
  medium: 'warning',
  high: 'error',
};

const columns: GridColDef<Industry>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 220 },
  { field: 'mcc', headerName: 'MCC', width: 100 },
  {
    field: 'riskLevel',
    headerName: 'Risk level',
    width: 130,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        color={RISK_COLORS[row.riskLevel]}
        label={RISK_LEVEL_LABELS[row.riskLevel]}
      />
    ),
  },
  activeColumn<Industry>(),
];

const filters: ListFilter[] = [
  { key: 'riskLevel', label: 'Risk level', options: enumOptions(RISK_LEVELS, RISK_LEVEL_LABELS) },
  ACTIVE_FILTER,
];
const editing = dialogEditing(IndustryFormDialog);
const describe = (industry: Industry) => `${industry.name} (${industry.mcc})`;

/** /industry/list: industries by merchant category code and risk level. */
export function IndustryListPage() {
  return (
    <ResourceListPage
      title="Industries"
      noun={{ singular: 'industry', plural: 'industries' }}
      subject="industry"
      gridId="industries"
      listKey="industries"
      columns={columns}
      useList={useListIndustriesQuery}
      useDelete={useDeleteIndustryMutation}
      describe={describe}
      editing={editing}
      filters={filters}
      querySchema={industryListQuerySchema}
      defaultSort="name"
    />
  );
}
