import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { appFetch } from '../http.ts';
import { ME_SETTINGS_PATH } from '../start-answers.ts';

/** GET /api/me/settings: the user's saved UI settings, or undefined when there are none yet. */
export async function fetchServerSettings(): Promise<unknown> {
  const response = await appFetch(ME_SETTINGS_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) return undefined;
  return response.json();
}

/** PUT /api/me/settings with the changed keys only. keepalive lets it finish while the page unloads. */
export async function putServerSettings(patch: Partial<UiSettings>, keepalive = false) {
  await appFetch(ME_SETTINGS_PATH, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(patch),
    keepalive,
  });
}
