import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { notifyUnauthorized } from '../session/session-events.ts';

export const ME_SETTINGS_PATH = '/api/me/settings';

/** GET /api/me/settings: the user's saved UI settings, or undefined when there are none yet. */
export async function fetchServerSettings(): Promise<unknown> {
  const response = await fetch(ME_SETTINGS_PATH, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) notifyUnauthorized();
  if (!response.ok) return undefined;
  return response.json();
}

/** PUT /api/me/settings with the changed keys only. keepalive lets it finish while the page unloads. */
export async function putServerSettings(patch: Partial<UiSettings>, keepalive = false) {
  const response = await fetch(ME_SETTINGS_PATH, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(patch),
    keepalive,
  });
  if (response.status === 401) notifyUnauthorized();
}
