import { useEffect, useSyncExternalStore } from 'react';
import { appFetch } from './http.ts';
import { DEFAULT_PORTAL_NAME } from './theme/constants.ts';

/** GET /api/settings/public: what anyone may know about the portal. */
export const PUBLIC_SETTINGS_PATH = '/api/settings/public';

/**
 * The portal name (a global setting; the page title is `<name> Portal`), the one reader of
 * GET /api/settings/public. A tiny store rather than RTK Query, so the sign-in and landing
 * pages need no Redux. It asks once per page load; saving the setting on the settings page
 * hands the new name to `setPortalName`, so the title follows without asking again.
 */
let portalName = DEFAULT_PORTAL_NAME;
let requested = false;
const listeners = new Set<() => void>();

export function setPortalName(name: string | undefined | null) {
  const next = name?.trim() || DEFAULT_PORTAL_NAME;
  if (next === portalName) return;
  portalName = next;
  for (const listener of listeners) listener();
}

async function loadPublicSettings() {
  try {
    const response = await appFetch(PUBLIC_SETTINGS_PATH, { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const body = (await response.json()) as { portalName?: unknown };
    if (typeof body.portalName === 'string') setPortalName(body.portalName);
  } catch {
    // Offline or an unreadable answer: keep the default name.
  }
}

function requestOnce() {
  if (requested) return;
  requested = true;
  void loadPublicSettings();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePortalName(): string {
  useEffect(requestOnce, []);
  return useSyncExternalStore(subscribe, () => portalName);
}
