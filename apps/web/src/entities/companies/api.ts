import type {
  Company,
  CompanyListResponse,
  CreateCompanyInput,
  UpdateCompanyInput,
} from '@boardwalk/shared/schemas/company';
import { api } from '../../lib/api.ts';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  allDataQuery,
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoint,
  updateEndpoint,
  type UpdateArg,
} from '../../components/data-table/resource-endpoints.ts';

const PATH = '/api/companies';

export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCompanies: build.query<CompanyListResponse, ListQueryParams>(
      listEndpoint<'Company', 'companies', Company>(PATH, 'Company', 'companies'),
    ),
    getCompany: build.query<Company, string>(getEndpoint(PATH, 'Company')),
    createCompany: build.mutation<Company, CreateCompanyInput>(createEndpoint(PATH, 'Company')),
    updateCompany: build.mutation<Company, UpdateArg<UpdateCompanyInput>>(updateEndpoint(PATH, 'Company')),
    deleteCompany: build.mutation<void, string>(deleteEndpoint(PATH, 'Company')),
  }),
});

export const { useListCompaniesQuery, useCreateCompanyMutation, useUpdateCompanyMutation, useDeleteCompanyMutation } =
  companiesApi;

/** Every company the user may see, for the pickers. */
export const useCompanyOptionsQuery = allDataQuery(companiesApi.useListCompaniesQuery, 'company');
