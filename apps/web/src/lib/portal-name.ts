import { useEffect, useSyncExternalStore } from 'react';
import { appFetch } from './http.ts';
import { PUBLIC_SETTINGS_PATH } from './start-answers.ts';
import { DEFAULT_PORTAL_NAME } from './theme/constants.ts';

/** SETTING_DEFAULTS.sessionIdleMinutes, without loading the shared package (zod) up front. */
const DEFAULT_SESSION_IDLE_MINUTES = 15;
/** SETTING_DEFAULTS.minPasswordLength, the policy's floor, likewise. */
const DEFAULT_MIN_PASSWORD_LENGTH = 12;

/**
 * The portal name (a global setting; the page title is `<name> Portal`), the one reader of
 * GET /api/settings/public. A tiny store rather than RTK Query, so the sign-in and landing
 * pages need no Redux. It asks once per page load; saving the setting on the settings page
 * hands the new name to `setPortalName`, so the title follows without asking again.
 */
let portalName = DEFAULT_PORTAL_NAME;
/** The server's idle limit (the sessionIdleMinutes setting), for the idle warning. */
let sessionIdleMinutes = DEFAULT_SESSION_IDLE_MINUTES;
/** The minPasswordLength setting, for the password forms' hints. */
let minPasswordLength = DEFAULT_MIN_PASSWORD_LENGTH;
/** The customizerEnabled setting: the shell shows the customizer's cog (off by default). */
let customizerEnabled = false;
let requested = false;
const listeners = new Set<() => void>();

export function setPortalName(name: string | undefined | null) {
  const next = name?.trim() || DEFAULT_PORTAL_NAME;
  if (next === portalName) return;
  portalName = next;
  for (const listener of listeners) listener();
}

/** Saving the setting on the settings page hands the new value here, as for the name. */
export function setCustomizerEnabled(enabled: boolean) {
  if (enabled === customizerEnabled) return;
  customizerEnabled = enabled;
  for (const listener of listeners) listener();
}

async function loadPublicSettings() {
  try {
    const response = await appFetch(PUBLIC_SETTINGS_PATH, { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const body = (await response.json()) as {
      portalName?: unknown;
      sessionIdleMinutes?: unknown;
      minPasswordLength?: unknown;
      customizerEnabled?: unknown;
    };
    if (typeof body.sessionIdleMinutes === 'number' && body.sessionIdleMinutes > 0) {
      sessionIdleMinutes = body.sessionIdleMinutes;
      for (const listener of listeners) listener();
    }
    if (typeof body.minPasswordLength === 'number' && body.minPasswordLength > 0) {
      minPasswordLength = body.minPasswordLength;
      for (const listener of listeners) listener();
    }
    if (typeof body.customizerEnabled === 'boolean') setCustomizerEnabled(body.customizerEnabled);
    if (typeof body.portalName === 'string') setPortalName(body.portalName);
  } catch {
    // Offline or an unreadable answer: keep the defaults.
  }
}

/** Forgets the answer, as a page load does: the web tests call it after each test (test/setup.ts). */
export function resetPublicSettings() {
  portalName = DEFAULT_PORTAL_NAME;
  sessionIdleMinutes = DEFAULT_SESSION_IDLE_MINUTES;
  minPasswordLength = DEFAULT_MIN_PASSWORD_LENGTH;
  customizerEnabled = false;
  requested = false;
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

/** The idle limit in minutes from the same answer (15, the default, until it has come). */
export function useSessionIdleMinutes(): number {
  useEffect(requestOnce, []);
  return useSyncExternalStore(subscribe, () => sessionIdleMinutes);
}

/** The password policy's minimum length from the same answer (12, the floor, until it has come). */
export function useMinPasswordLength(): number {
  useEffect(requestOnce, []);
  return useSyncExternalStore(subscribe, () => minPasswordLength);
}

/** Whether the product configuration offers the customizer (false until the answer has come). */
export function useCustomizerEnabled(): boolean {
  useEffect(requestOnce, []);
  return useSyncExternalStore(subscribe, () => customizerEnabled);
}
