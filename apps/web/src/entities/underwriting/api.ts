import type {
  CreateReasonCodeInput,
  DecisionStages,
  MerchantDecisionList,
  OutsideCheckInput,
  ReasonCode,
  ReasonCodeListResponse,
  RecordDecisionInput,
  ResolveHitInput,
  ScreeningHitList,
  UpdateReasonCodeInput,
} from '@boardwalk/shared';
import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
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
import { changed, MERCHANTS_PATH, record } from '../merchants/list-api.ts';

const PATH = '/api/reason-codes';
const one = (id: string) => `${MERCHANTS_PATH}/${encodeURIComponent(id)}`;

/** Reason codes, the decision-to-stage mapping, a merchant's decisions and matches (docs/decisions/098). */
export const underwritingApi = api.injectEndpoints({
  endpoints: (build) => ({
    listReasonCodes: build.query<ReasonCodeListResponse, ListQueryParams>(
      listEndpoint<'ReasonCode', 'reasonCodes', ReasonCode>(PATH, 'ReasonCode', 'reasonCodes'),
    ),
    createReasonCode: build.mutation<ReasonCode, CreateReasonCodeInput>(createEndpoint(PATH, 'ReasonCode')),
    updateReasonCode: build.mutation<ReasonCode, UpdateArg<UpdateReasonCodeInput>>(updateEndpoint(PATH, 'ReasonCode')),
    deleteReasonCode: build.mutation<void, string>(deleteEndpoint(PATH, 'ReasonCode')),
    getDecisionStages: build.query<DecisionStages, void>({
      query: () => '/api/decision-stages',
      providesTags: [{ type: 'DecisionStage', id: 'ALL' }],
    }),
    putDecisionStages: build.mutation<DecisionStages, DecisionStages>({
      query: (body) => ({ url: '/api/decision-stages', method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'DecisionStage', id: 'ALL' }]),
    }),
    recordDecision: build.mutation<MerchantDetail, RecordDecisionInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/decision`, method: 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : changed(id)),
    }),
    // The record's tag: whatever changes the merchant (a stage change records decisions) refetches them.
    listMerchantDecisions: build.query<MerchantDecisionList, string>({
      query: (id) => `${one(id)}/decisions`,
      providesTags: (_r, _e, id) => [record(id)],
    }),
    listMerchantMatches: build.query<ScreeningHitList, string>({
      query: (id) => `${one(id)}/matches`,
      providesTags: (_r, _e, id) => [record(id)],
    }),
    resolveMatch: build.mutation<ScreeningHitList, ResolveHitInput & { id: string; hitId: string }>({
      query: ({ id, hitId, ...body }) => ({ url: `${one(id)}/matches/${hitId}/resolve`, method: 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : changed(id)),
    }),
    recordOutsideCheck: build.mutation<ScreeningHitList, OutsideCheckInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/matches`, method: 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : changed(id)),
    }),
  }),
});

export const {
  useListReasonCodesQuery,
  useCreateReasonCodeMutation,
  useUpdateReasonCodeMutation,
  useDeleteReasonCodeMutation,
  useGetDecisionStagesQuery,
  usePutDecisionStagesMutation,
  useRecordDecisionMutation,
  useListMerchantDecisionsQuery,
  useListMerchantMatchesQuery,
  useResolveMatchMutation,
  useRecordOutsideCheckMutation,
} = underwritingApi;

/** Every reason code, for the pickers. */
export const useReasonCodeOptionsQuery = allDataQuery(underwritingApi.useListReasonCodesQuery);
