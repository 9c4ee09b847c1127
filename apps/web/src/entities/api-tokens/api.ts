import type { ApiTokenCreate, ApiTokenListResponse, ApiTokenWithSecret } from '@boardwalk/shared';
import { api } from '../../lib/api.ts';

export const API_TOKENS_PATH = '/api/api-tokens';

export const apiTokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiTokens: build.query<ApiTokenListResponse, void>({
      query: () => API_TOKENS_PATH,
      providesTags: [{ type: 'ApiToken', id: 'LIST' }],
    }),
    createApiToken: build.mutation<ApiTokenWithSecret, ApiTokenCreate>({
      query: (data) => ({ url: API_TOKENS_PATH, method: 'POST', body: { data } }),
      invalidatesTags: [{ type: 'ApiToken', id: 'LIST' }],
    }),
    rotateApiToken: build.mutation<ApiTokenWithSecret, { id: string; graceMinutes: number }>({
      query: ({ id, graceMinutes }) => ({
        url: `${API_TOKENS_PATH}/${id}/rotate`,
        method: 'POST',
        body: { data: { graceMinutes } },
      }),
      invalidatesTags: [{ type: 'ApiToken', id: 'LIST' }],
    }),
    revokeApiToken: build.mutation<void, string>({
      query: (id) => ({ url: `${API_TOKENS_PATH}/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ApiToken', id: 'LIST' }],
    }),
  }),
});

export const {
  useListApiTokensQuery,
  useCreateApiTokenMutation,
  useRotateApiTokenMutation,
  useRevokeApiTokenMutation,
} = apiTokensApi;
