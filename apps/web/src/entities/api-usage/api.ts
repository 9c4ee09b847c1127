import type { ApiUsageListResponse, ApiUsageSeriesResponse } from '@boardwalk/shared';
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
  }),
});

export const { useListApiUsageQuery, useApiUsageSeriesQuery } = apiUsageApi;
