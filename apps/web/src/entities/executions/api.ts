import type { AutomationExecutionDetail, AutomationExecutionListResponse } from '@boardwalk/shared/schemas/automation';
import type { StageActionExecution, StageActionExecutionListResponse } from '@boardwalk/shared/schemas/workflow-action';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';
import { logHistoryFetchError } from '../../lib/history-errors.ts';

/**
 * The workflow's execution history (decision 078): one table on the server, two views, each with
 * its own paths (the SPEC's stage-action ones stay as they are).
 */
const AUTOMATION_LIST = { type: 'AutomationExecution' as const, id: 'LIST' };
const STAGE_ACTION_LIST = { type: 'StageActionExecution' as const, id: 'LIST' };

export const HISTORY_PATH = '/api/history/stageActionExecutionHistory';

export const executionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAutomationExecutions: build.query<AutomationExecutionListResponse, ListQueryParams>({
      query: (params) => ({ url: '/api/history/automations', params }),
      providesTags: [AUTOMATION_LIST],
      transformErrorResponse: logHistoryFetchError,
    }),
    getAutomationExecution: build.query<AutomationExecutionDetail, string>({
      query: (id) => `/api/history/automations/${encodeURIComponent(id)}`,
      providesTags: [AUTOMATION_LIST],
      transformErrorResponse: logHistoryFetchError,
    }),
    retryAutomationExecution: build.mutation<AutomationExecutionDetail, string>({
      query: (id) => ({ url: `/api/history/automations/${encodeURIComponent(id)}/retry`, method: 'POST', body: {} }),
      invalidatesTags: [AUTOMATION_LIST],
    }),
    deleteAutomationExecution: build.mutation<void, string>({
      query: (id) => ({ url: `/api/history/automation/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [AUTOMATION_LIST],
    }),
    listStageActionExecutions: build.query<StageActionExecutionListResponse, ListQueryParams>({
      query: (params) => ({ url: HISTORY_PATH, params }),
      providesTags: [STAGE_ACTION_LIST],
      transformErrorResponse: logHistoryFetchError,
    }),
    retryStageActionExecution: build.mutation<StageActionExecution, string>({
      query: (id) => ({ url: `/api/history/stage-action/${id}/retry`, method: 'POST', body: {} }),
      invalidatesTags: [STAGE_ACTION_LIST],
    }),
    deleteStageActionExecution: build.mutation<void, string>({
      query: (id) => ({ url: `/api/history/stage-action/${id}`, method: 'DELETE' }),
      invalidatesTags: [STAGE_ACTION_LIST],
    }),
  }),
});

export const {
  useListAutomationExecutionsQuery,
  useGetAutomationExecutionQuery,
  useRetryAutomationExecutionMutation,
  useDeleteAutomationExecutionMutation,
  useListStageActionExecutionsQuery,
  useRetryStageActionExecutionMutation,
  useDeleteStageActionExecutionMutation,
} = executionsApi;
