import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  AUTOMATION_EXECUTION_STATUSES,
  AUTOMATION_EXECUTION_STATUS_LABELS,
  TRIGGER_TYPE_LABELS,
  automationExecutionListQuerySchema,
  type AutomationExecution,
} from '@boardwalk/shared/schemas/automation';
import { LOG_SUBJECT } from '@boardwalk/shared/schemas/cron-job';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { dayRangeApiParams } from '../../components/data-table/day-range-params.ts';
import { enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { ExecutionHistoryFrame } from '../../entities/executions/execution-history-frame.tsx';
import { useAppAbility } from '../../lib/ability.tsx';
import { useListAutomationExecutionsQuery } from '../../entities/executions/api.ts';
import { useAutomationFilter } from '../../entities/automations/automation-filter.ts';
import { AutomationExecutionDrawer } from './automation-execution-drawer.tsx';
import { AutomationExecutionStatusChip } from './automation-execution-status-chip.tsx';

const FILTER_KEYS = ['status', 'automationId', 'merchantId', 'from', 'to'] as const;
const STATUS_FILTER: ListFilter = {
  key: 'status',
  label: 'Status',
  options: enumOptions(AUTOMATION_EXECUTION_STATUSES, AUTOMATION_EXECUTION_STATUS_LABELS),
};

function columns(onShow: (id: string) => void): GridColDef<AutomationExecution>[] {
  return [
    dateTimeColumn<AutomationExecution>('createdAt', 'Queued'),
    { field: 'automationName', headerName: 'Automation', flex: 1, minWidth: 180, sortable: false },
    {
      field: 'merchant',
      headerName: 'Merchant',
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_v, row) => row.merchant?.dbaName ?? '—',
    },
    {
      field: 'triggerType',
      headerName: 'Trigger',
      width: 200,
      sortable: false,
      valueGetter: (_v, row) => TRIGGER_TYPE_LABELS[row.triggerType],
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      renderCell: ({ row }) => <AutomationExecutionStatusChip status={row.status} />,
    },
    dateTimeColumn<AutomationExecution>('finishedAt', 'Finished'),
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
          aria-label={`Details of ${row.automationName} for ${row.merchant?.dbaName ?? 'a deleted merchant'}`}
        >
          Details
        </Button>
      ),
    },
  ];
}

/**
 * /history/automations: every run of an automation, filtered by status,
 * automation, merchant and days (in the URL), a detail drawer with each action's result, retry of
 * a failed or stopped run, and delete.
 */
export function HistoryAutomationsPage() {
  const list = useListUrlState({
    sortable: ['createdAt', 'status', 'finishedAt'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: FILTER_KEYS,
    querySchema: automationExecutionListQuerySchema,
  });
  const params = useMemo(() => dayRangeApiParams(list.queryParams), [list.queryParams]);
  const query = useListAutomationExecutionsQuery(params);
  const chosenAutomation = list.state.filters.automationId;
  const rows = query.data?.executions;
  const automationFilter = useAutomationFilter(
    chosenAutomation,
    rows?.find((r) => r.automation?.id === chosenAutomation)?.automationName,
  );
  const filters = useMemo<ListFilter[]>(() => [STATUS_FILTER, automationFilter], [automationFilter]);
  const ability = useAppAbility();
  const [openId, setOpenId] = useState<string | null>(null);
  const gridColumns = useMemo(() => columns(setOpenId), []);
  const open = rows?.find((r) => r.id === openId) ?? null;
  return (
    <ExecutionHistoryFrame
      title="Automation Execution"
      subtitle="What the automations did, merchant by merchant"
      gridId="automation-executions"
      columns={gridColumns}
      query={query}
      rows={rows}
      list={list}
      filters={filters}
      drawer={
        <AutomationExecutionDrawer
          execution={open}
          canRetry={ability.can('update', LOG_SUBJECT)}
          canDelete={ability.can('delete', LOG_SUBJECT)}
          onClose={() => setOpenId(null)}
        />
      }
    />
  );
}
