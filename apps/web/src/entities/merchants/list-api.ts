import type {
  Merchant,
  MerchantBulkResult,
  MerchantListResponse,
  MerchantStagePreview,
  MerchantView,
} from '@boardwalk/shared/schemas/merchant';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';
import { merchantListPath } from '@boardwalk/shared/pipelines';

export const MERCHANTS_PATH = '/api/merchants';

export type MerchantListArg = { view: MerchantView; params: ListQueryParams };

/**
 * The tag every merchant list and board column provides. Any merchant mutation, here or in
 * another feature (the view page, the add form), invalidates `{ type: 'Merchant', id: 'LIST' }`
 * and every list and column on screen refetches with its last-used params.
 */
export const MERCHANT_LIST_TAG = { type: 'Merchant', id: 'LIST' } as const;
export const record = (id: string) => ({ type: 'Merchant' as const, id });
/** The timeline and the possible duplicates change with the record: refetched with it. */
export const events = (id: string) => ({ type: 'Merchant' as const, id: `${id}/events` });
export const duplicates = (id: string) => ({ type: 'Merchant' as const, id: `${id}/duplicates` });
/** What a write to merchant `id` makes stale. */
export const changed = (id: string) => [MERCHANT_LIST_TAG, record(id), events(id), duplicates(id)];

const one = (id: string) => `${MERCHANTS_PATH}/${encodeURIComponent(id)}`;

/** `reasonCodeId`: required by the server when the stage carries a decision (docs/decisions/098). */
export type StageChangeArg = { id: string; stageId: string; updatedAt: string; note?: string; reasonCodeId?: string };

export const merchantListApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMerchants: build.query<MerchantListResponse, MerchantListArg>({
      query: ({ view, params }) => ({ url: merchantListPath(view), params }),
      providesTags: (result) => [
        MERCHANT_LIST_TAG,
        ...(result?.merchants ?? []).map((m) => ({ type: 'Merchant' as const, id: m.id })),
      ],
    }),
    // Delete, restore and stage change: the list's row actions, the board and the view page.
    deleteMerchant: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
    }),
    restoreMerchant: build.mutation<Merchant, string>({
      query: (id) => ({ url: `${one(id)}/restore`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
    }),
    changeMerchantStage: build.mutation<Merchant, StageChangeArg>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/stage`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** What entering the stage would set off (emails, webhooks…), described; nothing is run. */
    previewMerchantStage: build.mutation<MerchantStagePreview, { id: string; stageId: string }>({
      query: ({ id, stageId }) => ({ url: `${one(id)}/stage/preview`, method: 'POST', body: { stageId } }),
    }),
    bulkAssignMerchants: build.mutation<MerchantBulkResult, { ids: string[]; assignedUserId: string | null }>({
      query: (body) => ({ url: `${MERCHANTS_PATH}/bulk/assign`, method: 'POST', body }),
      // Some ids may have changed even when others failed: refetch whatever the answer.
      invalidatesTags: () => [MERCHANT_LIST_TAG],
    }),
    bulkStageMerchants: build.mutation<
      MerchantBulkResult,
      { ids: string[]; stageId: string; reasonCodeId?: string; note?: string }
    >({
      query: (body) => ({ url: `${MERCHANTS_PATH}/bulk/stage`, method: 'POST', body }),
      invalidatesTags: () => [MERCHANT_LIST_TAG],
    }),
  }),
});

export const {
  useListMerchantsQuery,
  useDeleteMerchantMutation,
  useRestoreMerchantMutation,
  useChangeMerchantStageMutation,
  usePreviewMerchantStageMutation,
  useBulkAssignMerchantsMutation,
  useBulkStageMerchantsMutation,
} = merchantListApi;
