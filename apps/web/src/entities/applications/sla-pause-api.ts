import type { SlaPause } from '@boardwalk/shared/schemas/application';
import { applicationsApi } from './api.ts';

/**
 * The merchant's waiting time on the merchant (docs/decisions/114): refetched with the requests,
 * as sending, revoking or a signature opens or closes a pause.
 */
const slaPauseApi = applicationsApi.injectEndpoints({
  endpoints: (build) => ({
    getSlaPause: build.query<SlaPause, string>({
      query: (merchantId) => `/api/merchants/${merchantId}/sla-pause`,
      providesTags: (_result, _error, merchantId) => [{ type: 'ApplicationRequest', id: merchantId }],
    }),
  }),
});

export const { useGetSlaPauseQuery } = slaPauseApi;
