import type { AutomationExecutionDetail, AutomationExecutionListResponse } from '@boardwalk/shared/schemas/automation';
import type { Automation, AutomationListResponse } from '@boardwalk/shared/schemas/automation';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';

const LIST = { type: 'AutomationExecution' as const, id: 'LIST' };

/** SPEC §8: a history fetch failure is logged as 'Error fetching data:' and rethrown (the grid shows it). */
async function logFetchFailure(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
  } catch (failure) {
    console.error('Error fetching data:', (failure as { error?: unknown }).error ?? failure);
  }
}

export const automationHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAutomationExecutions: build.query<AutomationExecutionListResponse, ListQueryParams>({
      query: (params) => ({ url: '/api/history/automations', params }),
      providesTags: [LIST],
      onQueryStarted: logFetchFailure,
    }),
    getAutomationExecution: build.query<AutomationExecutionDetail, string>({
      query: (id) => `/api/history/automations/${encodeURIComponent(id)}`,
      providesTags: [LIST],
      onQueryStarted: logFetchFailure,
    }),
    retryAutomationExecution: build.mutation<AutomationExecutionDetail, string>({
      query: (id) => ({ url: `/api/history/automations/${encodeURIComponent(id)}/retry`, method: 'POST', body: {} }),
      invalidatesTags: [LIST],
    }),
    deleteAutomationExecution: build.mutation<void, string>({
      query: (id) => ({ url: `/api/history/automation/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    /** Every automation, for the filter. */
    automationOptions: build.query<Automation[], void>({
      query: () => ({ url: '/api/automations', params: { pageSize: 1, allData: 'true' } }),
      transformResponse: (response: AutomationListResponse) => response.allData,
      providesTags: [{ type: 'Automation', id: 'LIST' }],
    }),
  }),
});

export const {
  useListAutomationExecutionsQuery,
  useGetAutomationExecutionQuery,
  useRetryAutomationExecutionMutation,
  useDeleteAutomationExecutionMutation,
  useAutomationOptionsQuery,
} = automationHistoryApi;
