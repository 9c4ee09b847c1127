import type {
  CreateStageInput,
  ReorderStagesInput,
  ReorderStagesResponse,
  Stage,
  StageListResponse,
  UpdateStageInput,
} from '@boardwalk/shared/schemas/stage';
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

const PATH = '/api/stages';

export const stagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStages: build.query<StageListResponse, ListQueryParams>(
      listEndpoint<'Stage', 'stages', Stage>(PATH, 'Stage', 'stages'),
    ),
    createStage: build.mutation<Stage, CreateStageInput>(createEndpoint(PATH, 'Stage')),
    updateStage: build.mutation<Stage, UpdateArg<UpdateStageInput>>(updateEndpoint(PATH, 'Stage')),
    deleteStage: build.mutation<void, string>(deleteEndpoint(PATH, 'Stage')),
    /** Every stage of one pipeline in its new order. */
    reorderStages: build.mutation<ReorderStagesResponse, ReorderStagesInput>({
      query: (input) => ({ url: `${PATH}/reorder`, method: 'PATCH', body: input }),
      invalidatesTags: [{ type: 'Stage', id: 'LIST' }],
    }),
  }),
});

export const {
  useListStagesQuery,
  useCreateStageMutation,
  useUpdateStageMutation,
  useDeleteStageMutation,
  useReorderStagesMutation,
} = stagesApi;

/** Every stage, for the pickers. */
export const useStageOptionsQuery = allDataQuery(stagesApi.useListStagesQuery, 'stage');
