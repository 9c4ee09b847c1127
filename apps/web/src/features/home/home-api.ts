import type { HomeSummary } from '@boardwalk/shared/schemas/home';
import { api } from '../../lib/api.ts';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeSummary: build.query<HomeSummary, void>({
      query: () => '/api/home',
      // Any merchant change can move a tile: refetch with the merchant lists.
      providesTags: [{ type: 'Merchant', id: 'LIST' }],
    }),
  }),
});

export const { useHomeSummaryQuery } = homeApi;
