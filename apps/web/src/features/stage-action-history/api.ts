import type { StageActionExecution, StageActionExecutionListResponse } from '@boardwalk/shared/schemas/workflow-action';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';
import { logHistoryFetchError } from '../../lib/history-errors.ts';

export const HISTORY_PATH = '/api/history/stageActionExecutionHistory';

export const stageActionHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStageActionExecutions: build.query<StageActionExecutionListResponse, ListQueryParams>({
      query: (params) => ({ url: HISTORY_PATH, params }),
      providesTags: [{ type: 'StageActionExecution', id: 'LIST' }],
      transformErrorResponse: logHistoryFetchError,
    }),
    retryStageActionExecution: build.mutation<StageActionExecution, string>({
      query: (id) => ({ url: `/api/history/stage-action/${id}/retry`, method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'StageActionExecution', id: 'LIST' }],
    }),
    deleteStageActionExecution: build.mutation<void, string>({
      query: (id) => ({ url: `/api/history/stage-action/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'StageActionExecution', id: 'LIST' }],
    }),
  }),
});

export const {
  useListStageActionExecutionsQuery,
  useRetryStageActionExecutionMutation,
  useDeleteStageActionExecutionMutation,
} = stageActionHistoryApi;
