import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { applyLayoutRules } from './layout-rules.ts';

/**
 * Start-up half of the UI settings: no zod here, so the sign-in page's bundle stays small.
 * The shared schema (settings-validate.ts) checks the values right after start and whenever
 * they come from the server; settings-storage.test.ts keeps these two copies equal to shared's.
 */
export const SETTINGS_STORAGE_KEY = 'settings';

export const BOOT_DEFAULTS: UiSettings = {
  mode: 'light',
  skin: 'default',
  layout: 'vertical',
  lastLayout: 'vertical',
  appBar: 'fixed',
  appBarBlur: true,
  footer: 'static',
  contentWidth: 'boxed',
  direction: 'ltr',
  themeColor: 'primary',
  navCollapsed: false,
  navHidden: false,
  verticalNavToggleType: 'accordion',
  toastPosition: 'top-right',
  timeZone: '',
  columnVisibility: {},
  lastSearches: [],
  searchResults: [],
};

function kindOf(value: unknown) {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Merges known keys whose value has the right JS type, then applies the layout rules. */
export function coerceSettings(input: unknown, base: UiSettings = BOOT_DEFAULTS): UiSettings {
  const next: Record<string, unknown> = { ...base };
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (key in BOOT_DEFAULTS && kindOf(value) === kindOf(BOOT_DEFAULTS[key as keyof UiSettings])) next[key] = value;
    }
  }
  return applyLayoutRules(next as UiSettings);
}

export function readStoredSettings(): UiSettings {
  try {
    const raw = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
    return coerceSettings(raw ? JSON.parse(raw) : {});
  } catch {
    return BOOT_DEFAULTS;
  }
}

export function writeStoredSettings(settings: UiSettings) {
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or full storage: settings then last for this page only.
  }
}
