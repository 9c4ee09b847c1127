import type { GridColDef } from '@mui/x-data-grid';
import { leadSourceListQuerySchema, type LeadSource } from '@boardwalk/shared/schemas/lead-source';
import { activeColumn } from '../../components/data-table/cells.tsx';
import { ACTIVE_FILTER, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { dialogEditing, ResourceListPage } from '../../components/data-table/resource-list-page.tsx';
import { useDeleteLeadSourceMutation, useListLeadSourcesQuery } from '../../entities/lead-sources/api.ts';
import { LeadSourceFormDialog } from './lead-source-form-dialog.tsx';

const columns: GridColDef<LeadSource>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 240, sortable: false },
  activeColumn<LeadSource>(),
];

const filters: ListFilter[] = [ACTIVE_FILTER];
const editing = dialogEditing(LeadSourceFormDialog);
const describe = (source: LeadSource) => source.name;

/** /lead-source/list: where merchant leads come from. */
export function LeadSourceListPage() {
  return (
    <ResourceListPage
      title="Lead Sources"
      noun={{ singular: 'lead source', plural: 'lead sources' }}
      subject="lead-source"
      gridId="leadSources"
      listKey="leadSources"
      columns={columns}
      useList={useListLeadSourcesQuery}
      useDelete={useDeleteLeadSourceMutation}
      describe={describe}
      editing={editing}
      filters={filters}
      querySchema={leadSourceListQuerySchema}
      defaultSort="name"
    />
  );
}
