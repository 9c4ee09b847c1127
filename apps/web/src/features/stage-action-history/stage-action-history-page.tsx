import {
  ACTION_TYPE_LABELS,
  EXECUTION_STATUS_LABELS,
  EXECUTION_STATUSES,
  stageActionExecutionListQuerySchema,
  type StageActionExecution,
} from '@boardwalk/shared/schemas/workflow-action';
import { dayRangeApiParams } from '../../components/data-table/day-range-params.ts';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { ExecutionHistoryFrame } from '../../entities/executions/execution-history-frame.tsx';
import { useAppAbility } from '../../lib/ability.tsx';
import { useListStageActionExecutionsQuery } from '../../entities/executions/api.ts';
import { ExecutionDrawer } from './execution-drawer.tsx';
import { ExecutionStatusChip } from './execution-status-chip.tsx';

const FILTER_KEYS = ['status', 'merchantId', 'stageId', 'from', 'to'] as const;
const statusFilter: ListFilter[] = [
  { key: 'status', label: 'Status', options: enumOptions(EXECUTION_STATUSES, EXECUTION_STATUS_LABELS) },
];

function columns(onShow: (id: string) => void): GridColDef<StageActionExecution>[] {
  return [
    dateTimeColumn<StageActionExecution>('createdAt', 'Queued'),
    {
      field: 'merchant',
      headerName: 'Merchant',
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_v, row) => row.merchant?.dbaName ?? '—',
    },
    {
      field: 'stage',
      headerName: 'Stage',
      width: 160,
      sortable: false,
      valueGetter: (_v, row) => row.stage?.name ?? '—',
    },
    {
      field: 'type',
      headerName: 'Action',
      width: 140,
      sortable: false,
      valueGetter: (_v, row) => ACTION_TYPE_LABELS[row.type],
    },
    { field: 'summary', headerName: 'What', flex: 1, minWidth: 220, sortable: false },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      renderCell: ({ row }) => <ExecutionStatusChip status={row.status} />,
    },
    { field: 'attempt', headerName: 'Attempts', width: 100, type: 'number', sortable: false },
    {
      field: 'error',
      headerName: 'Error',
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '',
    },
    {
      field: 'details',
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          onClick={() => onShow(row.id)}
          aria-label={`Details of ${row.summary} for ${row.merchant?.dbaName ?? 'a deleted merchant'}`}
        >
          Details
        </Button>
      ),
    },
  ];
}

/**
 * /history/stage-actions: every run of a stage action, with status, date and
 * merchant filters in the URL, a detail drawer, retry of a failed run, and delete.
 */
export function HistoryStageActionsPage() {
  const list = useListUrlState({
    sortable: ['createdAt', 'status'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: FILTER_KEYS,
    querySchema: stageActionExecutionListQuerySchema,
  });
  const params = useMemo(() => dayRangeApiParams(list.queryParams), [list.queryParams]);
  const query = useListStageActionExecutionsQuery(params);
  const ability = useAppAbility();
  const [openId, setOpenId] = useState<string | null>(null);
  const gridColumns = useMemo(() => columns(setOpenId), []);
  const rows = query.data?.stageActionExecutions;
  const open = rows?.find((r) => r.id === openId) ?? null;
  return (
    <ExecutionHistoryFrame
      title="Stage Action Execution"
      subtitle="What the stage actions did, merchant by merchant"
      gridId="stage-action-executions"
      columns={gridColumns}
      query={query}
      rows={rows}
      list={list}
      filters={statusFilter}
      drawer={
        <ExecutionDrawer
          execution={open}
          canRetry={ability.can('update', 'stage')}
          canDelete={ability.can('delete', 'stage')}
          onClose={() => setOpenId(null)}
        />
      }
    />
  );
}
