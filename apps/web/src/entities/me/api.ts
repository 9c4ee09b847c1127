import type {
  MfaConfirmInput,
  MfaDisableInput,
  MfaRecoveryCodes,
  MfaSetup,
  MfaStatus,
} from '@boardwalk/shared/schemas/mfa';
import type { User } from '@boardwalk/shared/schemas/user';
import { api } from '../../lib/api.ts';

/** GET /api/users/{id}: the product specification promises `profile`; the rest of User is used when present. */
export type UserProfile = Pick<User, 'id' | 'profile'> & Partial<Omit<User, 'id' | 'profile'>>;

const MFA = { type: 'Me', id: 'mfa' } as const;

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Every role may read its own record here (GET /api/users/{id} needs the user ability).
    getMyProfile: build.query<UserProfile, void>({
      query: () => '/api/me',
      providesTags: [{ type: 'Me', id: 'profile' }],
    }),
    getMyMfa: build.query<MfaStatus, void>({ query: () => '/api/me/mfa', providesTags: [MFA] }),
    startMfaSetup: build.mutation<MfaSetup, void>({ query: () => ({ url: '/api/me/mfa/setup', method: 'POST' }) }),
    // No invalidation: the card would switch to "on" before the recovery codes were read.
    // MfaEnrolment's onDone refetches once they were acknowledged.
    confirmMfa: build.mutation<MfaRecoveryCodes, MfaConfirmInput>({
      query: (body) => ({ url: '/api/me/mfa/confirm', method: 'POST', body }),
    }),
    disableMfa: build.mutation<void, MfaDisableInput>({
      query: (body) => ({ url: '/api/me/mfa/disable', method: 'POST', body }),
      invalidatesTags: [MFA],
    }),
  }),
});

export const {
  useGetMyProfileQuery,
  useGetMyMfaQuery,
  useStartMfaSetupMutation,
  useConfirmMfaMutation,
  useDisableMfaMutation,
} = profileApi;
