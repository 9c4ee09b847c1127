import type {
  CreateMerchantInput,
  CreateOwnerInput,
  Merchant,
  MerchantDetail,
  MerchantEvent,
  MerchantSensitiveField,
  MerchantStagePreview,
  OwnerSensitiveField,
  Owner,
  PossibleDuplicate,
  UpdateMerchantInput,
  UpdateOwnerInput,
} from '@boardwalk/shared/schemas/merchant';
import type { UpdateArg } from '../../../components/data-table/resource-endpoints.ts';
import { api } from '../../../lib/api.ts';

const PATH = '/api/merchants';
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** Every merchant list on screen (the list pages share this tag: lib/api.ts 'Merchant'). */
const LIST = { type: 'Merchant', id: 'LIST' } as const;
const record = (id: string) => ({ type: 'Merchant' as const, id });
/** The timeline and the possible duplicates change with the record: refetched with it. */
export const events = (id: string) => ({ type: 'Merchant' as const, id: `${id}/events` });
const duplicates = (id: string) => ({ type: 'Merchant' as const, id: `${id}/duplicates` });
/** What a write to merchant `id` makes stale. */
const changed = (id: string) => [LIST, record(id), events(id), duplicates(id)];

export type EventPage = { events: MerchantEvent[]; total: number };
export type StageChangeArg = { id: string; stageId: string; updatedAt: string; note?: string };
export type AssignArg = { id: string; assignedUserId: string | null; updatedAt: string };
export type RevealArg = {
  id: string;
  field: MerchantSensitiveField | OwnerSensitiveField;
  ownerId?: string | undefined;
};
export type DuplicateCheckArg = {
  dbaName?: string;
  contactPhone?: string;
  taxId?: string;
  routingNumber?: string;
  accountNumber?: string;
};
export type OwnerArg = CreateOwnerInput & { merchantId: string };
export type OwnerPatchArg = UpdateOwnerInput & { merchantId: string; ownerId: string; updatedAt: string };

/** The merchant record's routes (issue 9 §2); the add form and the view page use them. */
export const merchantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMerchant: build.query<MerchantDetail, string>({
      query: one,
      providesTags: (_result, _error, id) => [record(id)],
    }),
    createMerchant: build.mutation<Merchant, CreateMerchantInput>({
      query: (data) => ({ url: PATH, method: 'POST', body: { data } }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    updateMerchant: build.mutation<Merchant, UpdateArg<UpdateMerchantInput>>({
      query: (patch) => ({ url: one(patch.id), method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
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
    assignMerchant: build.mutation<Merchant, AssignArg>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/assignment`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** The clear value of one sensitive field; the server records who asked (audit). */
    revealMerchantField: build.mutation<{ field: string; value: string }, RevealArg>({
      query: ({ id, ...body }) => ({ url: `${one(id)}/reveal`, method: 'POST', body }),
    }),
    createOwner: build.mutation<Owner, OwnerArg>({
      query: ({ merchantId, ...data }) => ({ url: `${one(merchantId)}/owners`, method: 'POST', body: { data } }),
      invalidatesTags: (_result, error, { merchantId }) => (error ? [] : changed(merchantId)),
    }),
    updateOwner: build.mutation<Owner, OwnerPatchArg>({
      query: ({ merchantId, ownerId, ...patch }) => ({
        url: `${one(merchantId)}/owners/${encodeURIComponent(ownerId)}`,
        method: 'PATCH',
        body: patch,
      }),
      invalidatesTags: (_result, error, { merchantId }) => (error ? [] : changed(merchantId)),
    }),
    deleteOwner: build.mutation<void, { merchantId: string; ownerId: string }>({
      query: ({ merchantId, ownerId }) => ({
        url: `${one(merchantId)}/owners/${encodeURIComponent(ownerId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { merchantId }) => (error ? [] : changed(merchantId)),
    }),
    merchantEvents: build.query<EventPage, { id: string; page: number; pageSize: number }>({
      query: ({ id, page, pageSize }) => ({ url: `${one(id)}/events`, params: { page, pageSize } }),
      providesTags: (_result, _error, { id }) => [events(id)],
    }),
    merchantDuplicates: build.query<PossibleDuplicate[], string>({
      query: (id) => `${one(id)}/duplicates`,
      transformResponse: (response: { duplicates: PossibleDuplicate[] }) => response.duplicates,
      providesTags: (_result, _error, id) => [duplicates(id)],
      // By a tax id or bank account each fetch spends the reveal budget: kept while the tab is
      // left and opened again (a write to the merchant drops it).
      keepUnusedDataFor: 600,
    }),
    /**
     * The add form's check before saving: merchants sharing the typed tax id, bank account or DBA
     * and phone. By a tax id or bank account it spends the reveal budget (429 past it).
     */
    checkMerchantDuplicates: build.mutation<PossibleDuplicate[], DuplicateCheckArg>({
      query: (body) => ({ url: `${PATH}/duplicates`, method: 'POST', body }),
      transformResponse: (response: { duplicates: PossibleDuplicate[] }) => response.duplicates,
    }),
  }),
});

export const {
  useGetMerchantQuery,
  useCreateMerchantMutation,
  useUpdateMerchantMutation,
  useDeleteMerchantMutation,
  useRestoreMerchantMutation,
  useChangeMerchantStageMutation,
  usePreviewMerchantStageMutation,
  useAssignMerchantMutation,
  useRevealMerchantFieldMutation,
  useCreateOwnerMutation,
  useUpdateOwnerMutation,
  useDeleteOwnerMutation,
  useMerchantEventsQuery,
  useMerchantDuplicatesQuery,
  useCheckMerchantDuplicatesMutation,
} = merchantApi;
