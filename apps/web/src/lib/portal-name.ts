import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_PORTAL_NAME } from './theme/constants.ts';

/**
 * The portal name (a global setting; the page title is `<name> Portal`). A tiny store rather
 * than RTK Query, so the sign-in and landing pages need no Redux: it asks
 * GET /api/settings/public once; the shell keeps it fresh through RTK Query afterwards
 * (public-settings-api.ts), so saving the setting updates the title at once.
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

function requestOnce() {
  if (requested) return;
  requested = true;
  fetch('/api/settings/public', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ portalName?: string }>) : undefined))
    .then((body) => {
      if (body?.portalName) setPortalName(body.portalName);
    })
    .catch(() => {
      // No such endpoint yet, or offline: keep the default name.
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePortalName(): string {
  useEffect(requestOnce, []);
  return useSyncExternalStore(subscribe, () => portalName);
}
