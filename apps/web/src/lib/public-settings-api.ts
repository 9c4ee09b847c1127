import { useEffect } from 'react';
import { api } from './api.ts';
import { setPortalName } from './portal-name.ts';

/** GET /api/settings/public: what anyone may know about the portal. */
export type PublicSettings = { portalName?: string; supportEmail?: string };

const publicSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicSettings: build.query<PublicSettings, void>({
      query: () => '/api/settings/public',
      // Invalidate 'Setting' after saving settings and the title follows.
      providesTags: ['Setting'],
    }),
  }),
});

/** Keeps the portal name (title, menu, footer) in step with the server while in the shell. */
export function usePublicSettingsSync() {
  const { data } = publicSettingsApi.useGetPublicSettingsQuery();
  useEffect(() => {
    if (data?.portalName) setPortalName(data.portalName);
  }, [data]);
}
