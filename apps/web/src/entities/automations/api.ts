import type {
  Automation,
  AutomationDryRunInput,
  AutomationDryRunResponse,
  AutomationListResponse,
  AutomationPreviewInput,
  AutomationPreviewResponse,
  CreateAutomationInput,
  UpdateAutomationInput,
} from '@boardwalk/shared/schemas/automation';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoint,
  updateEndpoint,
  type UpdateArg,
} from '../../components/data-table/resource-endpoints.ts';
import { api } from '../../lib/api.ts';

const PATH = '/api/automations';

/** A failed automations list fetch logs 'Failed to fetch data' (the page shows the error body). */
async function logListFailure(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
  } catch (failure) {
    console.error('Failed to fetch data', (failure as { error?: unknown }).error ?? failure);
  }
}

export const automationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAutomations: build.query<AutomationListResponse, ListQueryParams>({
      ...listEndpoint<'Automation', 'automations', Automation>(PATH, 'Automation', 'automations'),
      onQueryStarted: logListFailure,
    }),
    createAutomation: build.mutation<Automation, CreateAutomationInput>(createEndpoint(PATH, 'Automation')),
    updateAutomation: build.mutation<Automation, UpdateArg<UpdateAutomationInput>>(updateEndpoint(PATH, 'Automation')),
    deleteAutomation: build.mutation<void, string>(deleteEndpoint(PATH, 'Automation')),
    /** 201: the copy, inactive. */
    duplicateAutomation: build.mutation<Automation, string>({
      query: (id) => ({ url: `${PATH}/${encodeURIComponent(id)}/duplicate`, method: 'POST', body: {} }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Automation', id: 'LIST' }]),
    }),
    /** How many merchants match a trigger and conditions now: a POST, cached per body like a read. */
    previewAutomation: build.query<AutomationPreviewResponse, AutomationPreviewInput>({
      query: (body) => ({ url: `${PATH}/preview`, method: 'POST', body }),
      keepUnusedDataFor: 30,
    }),
    /** A dry run against one merchant: nothing is sent or written. */
    dryRunAutomation: build.mutation<AutomationDryRunResponse, AutomationDryRunInput>({
      query: (body) => ({ url: `${PATH}/dry-run`, method: 'POST', body }),
    }),
  }),
});

export const {
  useListAutomationsQuery,
  useCreateAutomationMutation,
  useUpdateAutomationMutation,
  useDeleteAutomationMutation,
  useDuplicateAutomationMutation,
  usePreviewAutomationQuery,
  useDryRunAutomationMutation,
} = automationsApi;

/** Every automation, for the log pages' filter: the list endpoint asked for allData (one declaration of GET /api/automations). */
export const useAutomationOptionsQuery = () =>
  automationsApi.useListAutomationsQuery(
    { pageSize: 1, allData: 'true' },
    { selectFromResult: (result) => ({ ...result, data: result.data?.allData }) },
  );
