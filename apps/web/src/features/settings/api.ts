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
      // Every 'Setting' tag: this page's and the public settings the shell shows (page title, footer).
      invalidatesTags: (_result, error) => (error ? [] : ['Setting']),
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation } = settingsApi;
