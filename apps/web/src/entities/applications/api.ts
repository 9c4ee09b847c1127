import type { ApplicationRequest, MerchantChecklist } from '@boardwalk/shared/schemas/application';
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
  }),
});

export const {
  useListApplicationRequestsQuery,
  useGetApplicationChecklistQuery,
  useSendApplicationRequestMutation,
  useResendApplicationRequestMutation,
  useRevokeApplicationRequestMutation,
  useCopyApplicationLinkMutation,
} = applicationsApi;
