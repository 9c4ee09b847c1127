import type { SearchResult } from '@boardwalk/shared/schemas/merchant';
import { api } from '../../lib/api.ts';

/** GET /api/search?q=: the search dialog's call and the merchant pickers'. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchMerchants: build.query<{ data: SearchResult[] }, string>({
      query: (q) => ({ url: '/api/search', params: { q } }),
      // Each Enter asks again: a search answers what is there now, not what was there before.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazySearchMerchantsQuery, useSearchMerchantsQuery } = searchApi;
