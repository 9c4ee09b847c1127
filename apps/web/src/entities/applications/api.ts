import type {
  ApplicationConflict,
  ApplicationRequest,
  ChangeRequestItem,
  MerchantChecklist,
} from '@boardwalk/shared/schemas/application';
import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { api } from '../../lib/api.ts';
import { events } from '../merchants/api.ts';

/**
 * A merchant's application requests (docs/decisions/097). Their own tag, added here; every step
 * refetches the list and the merchant's timeline, where each step shows.
 */
const tagged = api.enhanceEndpoints({ addTagTypes: ['ApplicationRequest'] });

export const applicationRequestsPath = (merchantId: string) => `/api/merchants/${merchantId}/application-requests`;

type RequestRef = { merchantId: string; requestId: string };
const changed = (_r: unknown, _e: unknown, { merchantId }: { merchantId: string }) => [
  { type: 'ApplicationRequest' as const, id: merchantId },
  events(merchantId),
];

export const applicationsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listApplicationRequests: build.query<{ requests: ApplicationRequest[] }, string>({
      query: (merchantId) => applicationRequestsPath(merchantId),
      providesTags: (_result, _error, merchantId) => [{ type: 'ApplicationRequest', id: merchantId }],
    }),
    /** The document checklist (docs/decisions/102): refetched with the requests, whose steps change it. */
    getApplicationChecklist: build.query<MerchantChecklist, string>({
      query: (merchantId) => `/api/merchants/${merchantId}/application-checklist`,
      providesTags: (_result, _error, merchantId) => [{ type: 'ApplicationRequest', id: merchantId }],
    }),
    sendApplicationRequest: build.mutation<{ request: ApplicationRequest; link: string }, { merchantId: string }>({
      query: ({ merchantId }) => ({ url: applicationRequestsPath(merchantId), method: 'POST', body: { data: {} } }),
      invalidatesTags: changed,
    }),
    resendApplicationRequest: build.mutation<ApplicationRequest, RequestRef>({
      query: ({ merchantId, requestId }) => ({
        url: `${applicationRequestsPath(merchantId)}/${requestId}/resend`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: changed,
    }),
    revokeApplicationRequest: build.mutation<ApplicationRequest, RequestRef>({
      query: ({ merchantId, requestId }) => ({
        url: `${applicationRequestsPath(merchantId)}/${requestId}/revoke`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: changed,
    }),
    copyApplicationLink: build.mutation<{ link: string }, RequestRef>({
      query: ({ merchantId, requestId }) => ({
        url: `${applicationRequestsPath(merchantId)}/${requestId}/link`,
        method: 'POST',
        body: {},
      }),
    }),
    /** The signers of a submitted request and the signed PDF's document (docs/decisions/107). */
    getApplicationSigning: build.query<ApplicationSigning, RequestRef>({
      query: ({ merchantId, requestId }) => `${applicationRequestsPath(merchantId)}/${requestId}/signing`,
      providesTags: (_result, _error, { merchantId }) => [{ type: 'ApplicationRequest', id: merchantId }],
    }),
    sendSignerLink: build.mutation<ApplicationSigning, RequestRef & { signerId: string }>({
      query: ({ merchantId, requestId, signerId }) => ({
        url: `${applicationRequestsPath(merchantId)}/${requestId}/signers/${signerId}/send`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: changed,
    }),
    /** Answers of a signed application staff had changed meanwhile (docs/decisions/108). */
    listApplicationConflicts: build.query<{ conflicts: ApplicationConflict[] }, string>({
      query: (merchantId) => `/api/merchants/${merchantId}/application-conflicts`,
      providesTags: (_result, _error, merchantId) => [{ type: 'ApplicationRequest', id: merchantId }],
    }),
    settleApplicationConflict: build.mutation<
      ApplicationConflict,
      { merchantId: string; conflictId: string; choice: 'ours' | 'theirs' }
    >({
      query: ({ merchantId, conflictId, choice }) => ({
        url: `/api/merchants/${merchantId}/application-conflicts/${conflictId}/settle`,
        method: 'POST',
        body: { data: { choice } },
      }),
      // Taking their answer changes the merchant itself.
      invalidatesTags: (r, e, arg) => [...changed(r, e, arg), { type: 'Merchant' as const, id: arg.merchantId }],
    }),
    requestApplicationChanges: build.mutation<ApplicationRequest, RequestRef & { items: ChangeRequestItem[] }>({
      query: ({ merchantId, requestId, items }) => ({
        url: `${applicationRequestsPath(merchantId)}/${requestId}/request-changes`,
        method: 'POST',
        body: { data: { items } },
      }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useListApplicationRequestsQuery,
  useGetApplicationChecklistQuery,
  useSendApplicationRequestMutation,
  useResendApplicationRequestMutation,
  useRevokeApplicationRequestMutation,
  useCopyApplicationLinkMutation,
  useGetApplicationSigningQuery,
  useSendSignerLinkMutation,
  useListApplicationConflictsQuery,
  useSettleApplicationConflictMutation,
  useRequestApplicationChangesMutation,
} = applicationsApi;
