import type { MerchantDraft } from '@boardwalk/shared/schemas/merchant';
import { api } from '../../lib/api.ts';

const PATH = '/api/merchant-drafts';
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;
const DRAFTS = { type: 'Merchant', id: 'DRAFTS' } as const;

export type DraftWrite = { step: number; data: Record<string, unknown> };

/** The server-side drafts of /merchant/add: the half-filled application as typed. */
export const merchantDraftApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMerchantDrafts: build.query<MerchantDraft[], void>({
      query: () => PATH,
      transformResponse: (response: { drafts: MerchantDraft[] }) => response.drafts,
      providesTags: [DRAFTS],
    }),
    getMerchantDraft: build.query<MerchantDraft, string>({ query: one }),
    createMerchantDraft: build.mutation<MerchantDraft, DraftWrite>({
      query: (body) => ({ url: PATH, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [DRAFTS]),
    }),
    /** With the updatedAt last read: a draft changed meanwhile (another tab) answers 409. */
    updateMerchantDraft: build.mutation<MerchantDraft, DraftWrite & { id: string; updatedAt: string }>({
      query: ({ id, ...body }) => ({ url: one(id), method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : [DRAFTS]),
    }),
    deleteMerchantDraft: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [DRAFTS]),
    }),
  }),
});

export const {
  useListMerchantDraftsQuery,
  useLazyGetMerchantDraftQuery,
  useGetMerchantDraftQuery,
  useCreateMerchantDraftMutation,
  useUpdateMerchantDraftMutation,
  useDeleteMerchantDraftMutation,
} = merchantDraftApi;
