import type { GridColDef } from '@mui/x-data-grid';
import {
  REASON_CODE_KIND_LABELS,
  reasonCodeListQuerySchema,
  type ReasonCode,
} from '@boardwalk/shared/schemas/underwriting';
import { Stack } from '@mui/material';
import { activeColumn } from '../../components/data-table/cells.tsx';
import { ACTIVE_FILTER, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { dialogEditing, ResourceListPage } from '../../components/data-table/resource-list-page.tsx';
import { useDeleteReasonCodeMutation, useListReasonCodesQuery } from '../../entities/underwriting/api.ts';
import { DecisionStagesCard } from './decision-stages-card.tsx';
import { ReasonCodeFormDialog } from './reason-code-form-dialog.tsx';

const columns: GridColDef<ReasonCode>[] = [
  { field: 'code', headerName: 'Code', width: 120 },
  { field: 'label', headerName: 'Label', flex: 1, minWidth: 200 },
  {
    field: 'kind',
    headerName: 'Kind',
    width: 140,
    valueFormatter: (value: ReasonCode['kind']) => REASON_CODE_KIND_LABELS[value] ?? value,
  },
  activeColumn<ReasonCode>(),
];

const filters: ListFilter[] = [ACTIVE_FILTER];
const editing = dialogEditing(ReasonCodeFormDialog);
const describe = (code: ReasonCode) => `${code.code} ${code.label}`;

/**
 * /reason-code/list: the reasons decisions are recorded with, and per pipeline the stage each
 * decision moves a merchant to (docs/decisions/098).
 */
export function ReasonCodeListPage() {
  return (
    <Stack spacing={3}>
      <ResourceListPage
        title="Reason Codes"
        noun={{ singular: 'reason code', plural: 'reason codes' }}
        subject="reason-code"
        gridId="reasonCodes"
        listKey="reasonCodes"
        columns={columns}
        useList={useListReasonCodesQuery}
        useDelete={useDeleteReasonCodeMutation}
        describe={describe}
        editing={editing}
        filters={filters}
        querySchema={reasonCodeListQuerySchema}
        defaultSort="kind"
      />
      <DecisionStagesCard />
    </Stack>
  );
}
