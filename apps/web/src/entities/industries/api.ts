import type {
  CreateIndustryInput,
  Industry,
  IndustryListResponse,
  UpdateIndustryInput,
} from '@boardwalk/shared/schemas/industry';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  allDataQuery,
  createEndpoint,
  deleteEndpoint,
  listEndpoint,
  updateEndpoint,
  type UpdateArg,
} from '../../components/data-table/resource-endpoints.ts';
import { api } from '../../lib/api.ts';

const PATH = '/api/industry';

export const industriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listIndustries: build.query<IndustryListResponse, ListQueryParams>(
      listEndpoint<'Industry', 'industries', Industry>(PATH, 'Industry', 'industries'),
    ),
    createIndustry: build.mutation<Industry, CreateIndustryInput>(createEndpoint(PATH, 'Industry')),
    updateIndustry: build.mutation<Industry, UpdateArg<UpdateIndustryInput>>(updateEndpoint(PATH, 'Industry')),
    deleteIndustry: build.mutation<void, string>(deleteEndpoint(PATH, 'Industry')),
  }),
});

export const {
  useListIndustriesQuery,
  useCreateIndustryMutation,
  useUpdateIndustryMutation,
  useDeleteIndustryMutation,
} = industriesApi;

/** Every industry, for the pickers. */
export const useIndustryOptionsQuery = allDataQuery(industriesApi.useListIndustriesQuery, 'industry');
