import type { SettingValues } from '@boardwalk/shared';
import type { UpdateSettingsInput } from '@boardwalk/shared/schemas/setting';
import { api } from '../../lib/api.ts';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingValues, void>({
      query: () => '/api/settings',
      providesTags: [{ type: 'Setting', id: 'ALL' }],
    }),
    /** Only the keys sent change; the answer is every setting after the change. */
    updateSettings: build.mutation<SettingValues, UpdateSettingsInput>({
      query: (patch) => ({ url: '/api/settings', method: 'PATCH', body: patch }),
      // PUBLIC: the portal name in the page title (lib/portal-api.ts) follows the change.
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'Setting', id: 'ALL' },
              { type: 'Setting', id: 'PUBLIC' },
            ],
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation } = settingsApi;
