import type { MfaStatus } from '@boardwalk/shared/schemas/mfa';
import type { CreateUserInput, UpdateUserInput, User, UserOption, UserSession } from '@boardwalk/shared/schemas/user';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoint,
  updateEndpoint,
  type ListResult,
  type UpdateArg,
} from '../../components/data-table/resource-endpoints.ts';
import { api } from '../../lib/api.ts';

const PATH = '/api/users';
const sessionsPath = (userId: string) => `${PATH}/${encodeURIComponent(userId)}/sessions`;
const mfaPath = (userId: string) => `${PATH}/${encodeURIComponent(userId)}/mfa`;

export type UserListResponse = ListResult<'users', User>;
/** The pickers' filters of GET /api/users/options (`status`, `role`); none for every user. */
export type UserOptionsParams = { status?: 'active'; role?: string };

const updateUser = updateEndpoint<'User', UpdateUserInput>(PATH, 'User');
const deleteUser = deleteEndpoint(PATH, 'User');

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserListResponse, ListQueryParams>(
      listEndpoint<'User', 'users', User>(PATH, 'User', 'users'),
    ),
    getUser: build.query<User, string>(getEndpoint(PATH, 'User')),
    createUser: build.mutation<User, CreateUserInput>(createEndpoint(PATH, 'User')),
    // A suspension, a new password or a new role ends the user's sessions (server side), and so
    // does a delete: every mutation invalidates what it changed, the sessions card included.
    updateUser: build.mutation<User, UpdateArg<UpdateUserInput>>({
      ...updateUser,
      invalidatesTags: (result, error, record) =>
        error ? [] : [...updateUser.invalidatesTags(result, error, record), { type: 'Session', id: record.id }],
    }),
    deleteUser: build.mutation<void, string>({
      ...deleteUser,
      invalidatesTags: (result, error, id) =>
        error ? [] : [...deleteUser.invalidatesTags(result, error, id), { type: 'Session', id }],
    }),
    /** The lean user rows of every user picker, filtered on the server (one cache per filter). */
    listUserOptions: build.query<UserOption[], UserOptionsParams | void>({
      query: (params) =>
        params && Object.keys(params).length > 0 ? { url: `${PATH}/options`, params } : `${PATH}/options`,
      transformResponse: (response: { options: UserOption[] }) => response.options,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    listUserSessions: build.query<UserSession[], string>({
      query: sessionsPath,
      transformResponse: (response: { sessions: UserSession[] }) => response.sessions,
      providesTags: (_result, _error, userId) => [{ type: 'Session', id: userId }],
    }),
    endUserSession: build.mutation<void, { userId: string; sessionId: string }>({
      query: ({ userId, sessionId }) => ({
        url: `${sessionsPath(userId)}/${encodeURIComponent(sessionId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: 'Session', id: userId }],
    }),
    endAllUserSessions: build.mutation<void, string>({
      query: (userId) => ({ url: sessionsPath(userId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, userId) => [{ type: 'Session', id: userId }],
    }),
    getUserMfa: build.query<MfaStatus, string>({
      query: mfaPath,
      providesTags: (_result, _error, userId) => [{ type: 'User', id: `${userId}/mfa` }],
    }),
    resetUserMfa: build.mutation<void, string>({
      query: (userId) => ({ url: `${mfaPath(userId)}/reset`, method: 'POST' }),
      // The reset also ends the user's sessions and changes the user record.
      invalidatesTags: (_result, error, userId) =>
        error
          ? []
          : [
              { type: 'User', id: `${userId}/mfa` },
              { type: 'User', id: userId },
              { type: 'Session', id: userId },
            ],
    }),
  }),
});

export const {
  useListUsersQuery,
  useListUserOptionsQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useListUserSessionsQuery,
  useEndUserSessionMutation,
  useEndAllUserSessionsMutation,
  useGetUserMfaQuery,
  useResetUserMfaMutation,
} = usersApi;
