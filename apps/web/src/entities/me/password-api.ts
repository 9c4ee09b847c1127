import type { ChangePasswordInput } from '@boardwalk/shared/schemas/user';
import { api } from '../../lib/api.ts';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeMyPassword: build.mutation<void, ChangePasswordInput>({
      query: (body) => ({ url: '/api/me/password', method: 'POST', body }),
      invalidatesTags: ['Session', 'Me'],
    }),
  }),
});

export const { useChangeMyPasswordMutation } = authApi;
