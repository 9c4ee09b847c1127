import type { GridColDef } from '@mui/x-data-grid';
import { COMPANY_TYPES, COMPANY_TYPE_LABELS } from '@boardwalk/shared/company-types';
import type { Company } from '@boardwalk/shared/schemas/company';
import { activeColumn } from '../../components/data-table/cells.tsx';
import { ACTIVE_FILTER, enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { lazyDialogEditing, ResourceListPage } from '../../components/data-table/resource-list-page.tsx';
import { useDeleteCompanyMutation, useListCompaniesQuery } from '../../entities/companies/api.ts';
import { formatPhone } from '@boardwalk/shared/phone-format';

const columns: GridColDef<Company>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  {
    field: 'type',
    headerName: 'Type',
    width: 140,
    valueFormatter: (value: Company['type']) => COMPANY_TYPE_LABELS[value],
  },
  { field: 'contactName', headerName: 'Contact', width: 160, sortable: false },
  { field: 'contactEmail', headerName: 'Email', width: 200, sortable: false },
  {
    field: 'contactPhone',
    headerName: 'Phone',
    width: 150,
    sortable: false,
    valueFormatter: (value: Company['contactPhone']) => formatPhone(value),
  },
  activeColumn<Company>(),
];

const filters: ListFilter[] = [
  { key: 'type', label: 'Type', options: enumOptions(COMPANY_TYPES, COMPANY_TYPE_LABELS) },
  ACTIVE_FILTER,
];

const editing = lazyDialogEditing<Company>(() => import('./company-form-dialog.tsx').then((m) => m.CompanyFormDialog));
// The schema (and zod) only for a URL filter value the filters do not offer (decision 055).
const loadQuerySchema = () => import('@boardwalk/shared/schemas/company').then((m) => m.companyListQuerySchema);
const describe = (company: Company) => company.name;

/** /company/list: processors, sponsor banks and partner ISOs. */
export function CompanyListPage() {
  return (
    <ResourceListPage
      title="Companies"
      noun={{ singular: 'company', plural: 'companies' }}
      subject="company"
      gridId="companies"
      listKey="companies"
      columns={columns}
      useList={useListCompaniesQuery}
      useDelete={useDeleteCompanyMutation}
      describe={describe}
      editing={editing}
      filters={filters}
      querySchema={loadQuerySchema}
      defaultSort="name"
    />
  );
}
