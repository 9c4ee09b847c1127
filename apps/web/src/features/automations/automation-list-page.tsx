import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Switch, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import HistoryIcon from '@mui/icons-material/History';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import {
  TRIGGER_TYPES,
  TRIGGER_TYPE_LABELS,
  automationListQuerySchema,
  type Automation,
} from '@boardwalk/shared/schemas/automation';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { ACTIVE_FILTER, enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { dialogEditing, ResourceListPage } from '../../components/data-table/resource-list-page.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { errorMessage } from '../../lib/problem.ts';
import {
  useDeleteAutomationMutation,
  useDuplicateAutomationMutation,
  useListAutomationsQuery,
  useUpdateAutomationMutation,
} from '../../entities/automations/api.ts';
import { AutomationBuilderDialog } from './automation-builder-dialog.tsx';
import { triggerSummary } from './trigger-summary.ts';
import { useStageOptionsQuery } from '../../entities/stages/api.ts';

const filters: ListFilter[] = [
  { key: 'triggerType', label: 'Trigger', options: enumOptions(TRIGGER_TYPES, TRIGGER_TYPE_LABELS) },
  ACTIVE_FILTER,
];

const editing = dialogEditing(AutomationBuilderDialog);
const describe = (automation: Automation) => automation.name;

function ActiveSwitch({ row, canUpdate }: { row: Automation; canUpdate: boolean }) {
  const [update, state] = useUpdateAutomationMutation();
  const toggle = async (isActive: boolean) => {
    try {
      await update({ id: row.id, updatedAt: row.updatedAt, isActive }).unwrap();
      notifySuccess(isActive ? `${row.name} activated` : `${row.name} deactivated`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <Tooltip title={row.isActive ? 'Deactivate' : 'Activate'}>
      <Switch
        checked={row.isActive}
        disabled={!canUpdate || state.isLoading}
        onChange={(event) => void toggle(event.target.checked)}
        slotProps={{ input: { 'aria-label': `Active: ${row.name}` } }}
      />
    </Tooltip>
  );
}

/** /automation/list: automations with their trigger, actions, active switch and last run. */
export function AutomationListPage() {
  const ability = useAppAbility();
  const canUpdate = ability.can('update', 'automation');
  const canCreate = ability.can('create', 'automation');
  const navigate = useNavigate();
  const [duplicate] = useDuplicateAutomationMutation();
  const stages = useStageOptionsQuery();
  const columns = useMemo<GridColDef<Automation>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
      {
        field: 'trigger',
        headerName: 'Trigger',
        flex: 1,
        minWidth: 220,
        sortable: false,
        valueGetter: (_v, row) => triggerSummary(row.trigger, (id) => stages.data?.find((s) => s.id === id)?.name),
      },
      {
        field: 'actionCount',
        headerName: 'Actions',
        width: 90,
        type: 'number',
        sortable: false,
        valueGetter: (_v, row) => row.actions.length,
      },
      {
        field: 'isActive',
        headerName: 'Active',
        width: 100,
        renderCell: ({ row }) => <ActiveSwitch row={row} canUpdate={canUpdate} />,
      },
      dateTimeColumn<Automation>('lastRunAt', 'Last run'),
    ],
    [canUpdate, stages.data],
  );
  const rowActions = useMemo(
    () => (row: Automation) => [
      <GridActionsCellItem
        key="history"
        icon={<HistoryIcon fontSize="small" />}
        label={`Runs of ${row.name}`}
        onClick={() => void navigate(`/history/automations?automationId=${row.id}`)}
        showInMenu={false}
      />,
      ...(canCreate
        ? [
            <GridActionsCellItem
              key="duplicate"
              icon={<ContentCopyIcon fontSize="small" />}
              label={`Duplicate ${row.name}`}
              onClick={() => {
                duplicate(row.id)
                  .unwrap()
                  .then(
                    (copy) => notifySuccess(`Copied as ${copy.name} (inactive)`),
                    (error: unknown) => notifyError(errorMessage(error)),
                  );
              }}
            />,
          ]
        : []),
    ],
    [canCreate, duplicate, navigate],
  );
  return (
    <ResourceListPage
      title="Automations"
      noun={{ singular: 'automation', plural: 'automations' }}
      subject="automation"
      gridId="automations"
      listKey="automations"
      columns={columns}
      useList={useListAutomationsQuery}
      useDelete={useDeleteAutomationMutation}
      describe={describe}
      editing={editing}
      filters={filters}
      querySchema={automationListQuerySchema}
      defaultSort="name"
      rowActions={rowActions}
    />
  );
}
