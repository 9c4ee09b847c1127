import type {
  CreateLeadSourceInput,
  LeadSource,
  LeadSourceListResponse,
  UpdateLeadSourceInput,
} from '@boardwalk/shared/schemas/lead-source';
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

const PATH = '/api/lead-sources';

export const leadSourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLeadSources: build.query<LeadSourceListResponse, ListQueryParams>(
      listEndpoint<'LeadSource', 'leadSources', LeadSource>(PATH, 'LeadSource', 'leadSources'),
    ),
    createLeadSource: build.mutation<LeadSource, CreateLeadSourceInput>(createEndpoint(PATH, 'LeadSource')),
    updateLeadSource: build.mutation<LeadSource, UpdateArg<UpdateLeadSourceInput>>(updateEndpoint(PATH, 'LeadSource')),
    deleteLeadSource: build.mutation<void, string>(deleteEndpoint(PATH, 'LeadSource')),
  }),
});

export const {
  useListLeadSourcesQuery,
  useCreateLeadSourceMutation,
  useUpdateLeadSourceMutation,
  useDeleteLeadSourceMutation,
} = leadSourcesApi;

/** Every lead source, for the pickers. */
export const useLeadSourceOptionsQuery = allDataQuery(leadSourcesApi.useListLeadSourcesQuery, 'lead-source');
