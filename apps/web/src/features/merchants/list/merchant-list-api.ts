import type {
  Merchant,
  MerchantBulkResult,
  MerchantListResponse,
  MerchantStageChangeInput,
  MerchantView,
} from '@boardwalk/shared/schemas/merchant';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import type { ListQueryParams } from '../../../components/data-table/list-url-state.ts';
import { optionsEndpoint } from '../../../components/data-table/resource-endpoints.ts';
import { api } from '../../../lib/api.ts';

export const MERCHANTS_PATH = '/api/merchants';

/** `/api/merchants` for all merchants, `/api/merchants/{pipeline}` for one view. */
export function merchantListPath(view: MerchantView): string {
  return view === 'all' ? MERCHANTS_PATH : `${MERCHANTS_PATH}/${view}`;
}

export type MerchantListArg = { view: MerchantView; params: ListQueryParams };

/**
 * The tag every merchant list and board column provides. Any merchant mutation, here or in
 * another feature (the view page, the add form), invalidates `{ type: 'Merchant', id: 'LIST' }`
 * and every list and column on screen refetches with its last-used params.
 */
export const MERCHANT_LIST_TAG = { type: 'Merchant', id: 'LIST' } as const;

const one = (id: string) => `${MERCHANTS_PATH}/${encodeURIComponent(id)}`;

export type MoveStageArg = MerchantStageChangeInput & { id: string };

export const merchantListApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMerchants: build.query<MerchantListResponse, MerchantListArg>({
      query: ({ view, params }) => ({ url: merchantListPath(view), params }),
      providesTags: (result) => [
        MERCHANT_LIST_TAG,
        ...(result?.merchants ?? []).map((m) => ({ type: 'Merchant' as const, id: m.id })),
      ],
    }),
    deleteListedMerchant: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [MERCHANT_LIST_TAG, { type: 'Merchant', id }]),
    }),
    restoreListedMerchant: build.mutation<Merchant, string>({
      query: (id) => ({ url: `${one(id)}/restore`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [MERCHANT_LIST_TAG, { type: 'Merchant', id }]),
    }),
    /** A card dropped on another column. The board updates its columns itself (optimistically). */
    moveMerchantStage: build.mutation<Merchant, MoveStageArg>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/stage`, method: 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [MERCHANT_LIST_TAG, { type: 'Merchant', id }]),
    }),
    bulkAssignMerchants: build.mutation<MerchantBulkResult, { ids: string[]; assignedUserId: string | null }>({
      query: (body) => ({ url: `${MERCHANTS_PATH}/bulk/assign`, method: 'POST', body }),
      // Some ids may have changed even when others failed: refetch whatever the answer.
      invalidatesTags: () => [MERCHANT_LIST_TAG],
    }),
    bulkStageMerchants: build.mutation<MerchantBulkResult, { ids: string[]; stageId: string }>({
      query: (body) => ({ url: `${MERCHANTS_PATH}/bulk/stage`, method: 'POST', body }),
      invalidatesTags: () => [MERCHANT_LIST_TAG],
    }),
    /** Users a merchant can be assigned to (the lean user picker rows). */
    merchantUserOptions: build.query<UserOption[], void>(
      optionsEndpoint<'User', UserOption>('/api/users/options', 'User', {}),
    ),
  }),
});

export const {
  useListMerchantsQuery,
  useDeleteListedMerchantMutation,
  useRestoreListedMerchantMutation,
  useMoveMerchantStageMutation,
  useBulkAssignMerchantsMutation,
  useBulkStageMerchantsMutation,
  useMerchantUserOptionsQuery,
} = merchantListApi;
