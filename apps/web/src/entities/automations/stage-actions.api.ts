import type {
  ActionPlan,
  CreateStageActionInput,
  StageAction,
  UpdateStageActionInput,
} from '@boardwalk/shared/schemas/workflow-action';
import { api } from '../../lib/api.ts';

const listTag = (stageId: string) => ({ type: 'StageAction' as const, id: `stage-${stageId}` });

/** A stage's actions: the editor opened from /stage/list. Loaded with the editor only. */
export const stageActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStageActions: build.query<StageAction[], string>({
      query: (stageId) => `/api/stages/${stageId}/actions`,
      transformResponse: (response: { stageActions: StageAction[] }) => response.stageActions,
      providesTags: (_result, _error, stageId) => [listTag(stageId)],
    }),
    createStageAction: build.mutation<StageAction, { stageId: string; data: CreateStageActionInput }>({
      query: ({ stageId, data }) => ({ url: `/api/stages/${stageId}/actions`, method: 'POST', body: { data } }),
      invalidatesTags: (_result, _error, { stageId }) => [listTag(stageId)],
    }),
    updateStageAction: build.mutation<StageAction, UpdateStageActionInput & { id: string; stageId: string }>({
      query: ({ id, stageId: _stageId, ...body }) => ({ url: `/api/stage-actions/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { stageId }) => [listTag(stageId)],
    }),
    deleteStageAction: build.mutation<void, { id: string; stageId: string }>({
      query: ({ id }) => ({ url: `/api/stage-actions/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { stageId }) => [listTag(stageId)],
    }),
    reorderStageActions: build.mutation<StageAction[], { stageId: string; ids: string[] }>({
      query: ({ stageId, ids }) => ({ url: `/api/stages/${stageId}/actions/order`, method: 'PUT', body: { ids } }),
      transformResponse: (response: { stageActions: StageAction[] }) => response.stageActions,
      invalidatesTags: (_result, _error, { stageId }) => [listTag(stageId)],
    }),
    /** A dry run: nothing is sent or changed (a mutation all the same: it is asked for, not cached). */
    testRunStageActions: build.mutation<ActionPlan[], { stageId: string; merchantId: string }>({
      query: ({ stageId, merchantId }) => ({
        url: `/api/stages/${stageId}/actions/test-run`,
        method: 'POST',
        body: { merchantId },
      }),
      transformResponse: (response: { plans: ActionPlan[] }) => response.plans,
    }),
  }),
});

export const {
  useListStageActionsQuery,
  useCreateStageActionMutation,
  useUpdateStageActionMutation,
  useDeleteStageActionMutation,
  useReorderStageActionsMutation,
  useTestRunStageActionsMutation,
} = stageActionsApi;
