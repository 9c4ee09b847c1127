import type {
  BacktestInput,
  BacktestResult,
  CreateScorecardInput,
  MerchantScore,
  Pipeline,
  Scorecard,
  ScorecardList,
  UpdateScorecardInput,
} from '@boardwalk/shared';
import { api } from '../../lib/api.ts';
import { MERCHANTS_PATH, record } from '../merchants/list-api.ts';

const PATH = '/api/scorecards';
const LIST = { type: 'Scorecard' as const, id: 'LIST' };
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** The underwriting scorecard's versions, its backtest and a merchant's score (docs/decisions/103). */
export const scorecardApi = api.injectEndpoints({
  endpoints: (build) => ({
    listScorecards: build.query<ScorecardList, Pipeline>({
      query: (pipeline) => `${PATH}?pipeline=${pipeline}`,
      providesTags: [LIST],
    }),
    createScorecard: build.mutation<Scorecard, CreateScorecardInput>({
      query: (data) => ({ url: PATH, method: 'POST', body: { data } }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    updateScorecard: build.mutation<Scorecard, UpdateScorecardInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: one(id), method: 'PATCH', body }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    activateScorecard: build.mutation<Scorecard, string>({
      query: (id) => ({ url: `${one(id)}/activate`, method: 'POST', body: {} }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    backtestScorecard: build.mutation<BacktestResult, BacktestInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/backtest`, method: 'POST', body }),
    }),
    // Computed on read: refetched when the record changes, and when a version is activated.
    getMerchantScore: build.query<MerchantScore, string>({
      query: (id) => `${MERCHANTS_PATH}/${encodeURIComponent(id)}/score`,
      providesTags: (_r, _e, id) => [record(id), LIST],
    }),
  }),
});

export const {
  useListScorecardsQuery,
  useCreateScorecardMutation,
  useUpdateScorecardMutation,
  useActivateScorecardMutation,
  useBacktestScorecardMutation,
  useGetMerchantScoreQuery,
} = scorecardApi;
