import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { agentListQuerySchema, type Agent } from '@boardwalk/shared/schemas/agent';
import { activeColumn } from '../../components/data-table/cells.tsx';
import { ACTIVE_FILTER, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { dialogEditing, ResourceListPage } from '../../components/data-table/resource-list-page.tsx';
import { useDeleteAgentMutation, useListAgentsQuery } from '../../entities/agents/api.ts';
import { AgentFormDialog } from './agent-form-dialog.tsx';
import { useAgentLookups } from './agent-lookups.ts';

const editing = dialogEditing(AgentFormDialog);
const describe = (agent: Agent) => `${agent.name} (${agent.agentCode})`;

/** /agent/list: sales agents and sub-ISOs with their company, split and linked user. */
export function AgentListPage() {
  const lookups = useAgentLookups();
  const { companyName, userName } = lookups;
  const columns = useMemo<GridColDef<Agent>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
      { field: 'agentCode', headerName: 'Agent code', width: 105 },
      {
        field: 'companyId',
        headerName: 'Company',
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_value, row) => companyName(row.companyId),
      },
      {
        field: 'splitPercent',
        headerName: 'Split %',
        type: 'number',
        width: 80,
        valueFormatter: (value: number) => `${value}%`,
      },
      {
        field: 'userId',
        headerName: 'Linked user',
        flex: 1,
        minWidth: 130,
        sortable: false,
        valueGetter: (_value, row) => userName(row.userId),
      },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 150, sortable: false },
      activeColumn<Agent>(),
    ],
    [companyName, userName],
  );
  const filters = useMemo<ListFilter[]>(
    () => [{ key: 'companyId', label: 'Company', options: lookups.companies }, ACTIVE_FILTER],
    [lookups.companies],
  );
  return (
    <ResourceListPage
      title="Agent Accounts"
      noun={{ singular: 'agent account', plural: 'agent accounts' }}
      subject="agent"
      gridId="agents"
      listKey="agentAccounts"
      columns={columns}
      useList={useListAgentsQuery}
      useDelete={useDeleteAgentMutation}
      describe={describe}
      editing={editing}
      filters={filters}
      querySchema={agentListQuerySchema}
      defaultSort="name"
    />
  );
}
