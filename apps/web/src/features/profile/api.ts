import type { User } from '@boardwalk/shared/schemas/user';
import { api } from '../../lib/api.ts';

/** GET /api/users/{id}: SPEC §7 promises `profile`; the rest of User is used when present. */
export type UserProfile = Pick<User, 'id' | 'profile'> & Partial<Omit<User, 'id' | 'profile'>>;

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserProfile: build.query<UserProfile, string>({
      query: (id) => `/api/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useGetUserProfileQuery } = profileApi;
