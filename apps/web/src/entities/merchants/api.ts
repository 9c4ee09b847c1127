import type {
  CreateMerchantInput,
  CreateOwnerInput,
  Merchant,
  MerchantDetail,
  MerchantEvent,
  MerchantSensitiveField,
  OwnerSensitiveField,
  Owner,
  PossibleDuplicate,
  UpdateMerchantInput,
  UpdateOwnerInput,
} from '@boardwalk/shared/schemas/merchant';
import type { UpdateArg } from '../../components/data-table/resource-endpoints.ts';
import { api } from '../../lib/api.ts';
import { MERCHANT_LIST_TAG as LIST, changed, duplicates, events, record } from './list-api.ts';

export { events };

const PATH = '/api/merchants';
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export type EventPage = { events: MerchantEvent[]; total: number };
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

/** The merchant record's routes; the add form and the view page use them. */
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
  useAssignMerchantMutation,
  useRevealMerchantFieldMutation,
  useCreateOwnerMutation,
  useUpdateOwnerMutation,
  useDeleteOwnerMutation,
  useMerchantEventsQuery,
  useMerchantDuplicatesQuery,
  useCheckMerchantDuplicatesMutation,
} = merchantApi;
