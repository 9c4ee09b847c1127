import type { ApiTokenListResponse, ApiUsageListResponse, ApiUsageSeriesResponse } from '@boardwalk/shared';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import { api } from '../../lib/api.ts';

export const API_USAGE_PATH = '/api/history/api';

export const apiUsageApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No tags: the log only grows, and nothing on this page changes it.
    listApiUsage: build.query<ApiUsageListResponse, ListQueryParams>({
      query: (params) => ({ url: API_USAGE_PATH, params }),
    }),
    apiUsageSeries: build.query<ApiUsageSeriesResponse, ListQueryParams>({
      query: (params) => ({ url: `${API_USAGE_PATH}/series`, params }),
    }),
    listUsageTokenOptions: build.query<ApiTokenListResponse, void>({
      query: () => '/api/api-tokens',
      providesTags: [{ type: 'ApiToken', id: 'LIST' }],
    }),
    listUsageUserOptions: build.query<UserOption[], void>({
      query: () => '/api/users/options',
      transformResponse: (response: { options: UserOption[] }) => response.options,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const {
  useListApiUsageQuery,
  useApiUsageSeriesQuery,
  useListUsageTokenOptionsQuery,
  useListUsageUserOptionsQuery,
} = apiUsageApi;
