import type { SettingValues } from '@boardwalk/shared';
import type { UpdateSettingsInput } from '@boardwalk/shared/schemas/setting';
import { api } from '../../lib/api.ts';
import { setCustomizerEnabled, setPortalName } from '../../lib/portal-name.ts';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingValues, void>({
      query: () => '/api/settings',
      providesTags: [{ type: 'Setting', id: 'ALL' }],
    }),
    /** Only the keys sent change; the answer is every setting after the change. */
    updateSettings: build.mutation<SettingValues, UpdateSettingsInput>({
      query: (patch) => ({ url: '/api/settings', method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Setting', id: 'ALL' }]),
      // The page title, menu and footer show the portal name, the shell the customizer's cog:
      // hand them the saved values.
      onQueryStarted: async (_patch, { queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        setPortalName(data.portalName);
        setCustomizerEnabled(data.customizerEnabled);
      },
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation } = settingsApi;
