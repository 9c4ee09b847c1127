import type { AutomationExecutionDetail, AutomationExecutionListResponse } from '@boardwalk/shared/schemas/automation';
import type { Automation, AutomationListResponse } from '@boardwalk/shared/schemas/automation';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';
import { logHistoryFetchError } from '../../lib/history-errors.ts';

const LIST = { type: 'AutomationExecution' as const, id: 'LIST' };

export const automationHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAutomationExecutions: build.query<AutomationExecutionListResponse, ListQueryParams>({
      query: (params) => ({ url: '/api/history/automations', params }),
      providesTags: [LIST],
      transformErrorResponse: logHistoryFetchError,
    }),
    getAutomationExecution: build.query<AutomationExecutionDetail, string>({
      query: (id) => `/api/history/automations/${encodeURIComponent(id)}`,
      providesTags: [LIST],
      transformErrorResponse: logHistoryFetchError,
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
