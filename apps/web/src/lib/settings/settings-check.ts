import { isTimeZone } from '@boardwalk/shared/time-zone';
import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { applyLayoutRules } from './layout-rules.ts';
import { BOOT_DEFAULTS } from './settings-storage.ts';

/**
 * The choices of each enumerated UI setting, a start-up copy of the shared schema's (no zod on
 * the first-load path; settings.test.tsx keeps it equal to shared's).
 */
export const SETTING_CHOICES = {
  mode: ['light', 'dark', 'semi-dark'],
  skin: ['default', 'bordered'],
  layout: ['vertical', 'horizontal'],
  lastLayout: ['vertical', 'horizontal'],
  appBar: ['fixed', 'static', 'hidden'],
  footer: ['fixed', 'static', 'hidden'],
  contentWidth: ['full', 'boxed'],
  direction: ['ltr', 'rtl'],
  themeColor: ['primary', 'secondary', 'success', 'error', 'warning', 'info'],
  verticalNavToggleType: ['accordion', 'collapse'],
  toastPosition: ['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right'],
} as const satisfies Partial<Record<keyof UiSettings, readonly string[]>>;

export const SETTING_FLAGS = ['appBarBlur', 'navCollapsed', 'navHidden'] as const satisfies (keyof UiSettings)[];

/** Keys holding an IANA time zone name ('' for the browser's), checked with Intl. */
export const ZONE_SETTINGS = ['timeZone'] as const satisfies (keyof UiSettings)[];

/** Keys whose bounds (lengths, counts, characters) only the shared schema knows. */
export const STRUCTURED_SETTINGS = ['columnVisibility', 'lastSearches', 'searchResults'] as const;

function holdsItems(value: unknown) {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/**
 * What validateSettings (settings-validate.ts, the shared zod schema) would answer, without
 * zod, when `input` holds no non-empty list or map: then `settings` is that answer. Otherwise
 * `needsSchema` is true and only the schema can tell. A new user's first visit (nothing stored,
 * nothing saved on the server) thus never loads zod.
 */
export function checkSettings(
  input: unknown,
  base: UiSettings = BOOT_DEFAULTS,
): { settings: UiSettings; needsSchema: boolean } {
  const next: Record<string, unknown> = { ...base };
  let needsSchema = false;
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (!Object.hasOwn(BOOT_DEFAULTS, key)) continue;
      const name = key as keyof UiSettings;
      // The schema's defaults apply to a key present as undefined.
      if (value === undefined) next[key] = BOOT_DEFAULTS[name];
      else if (name in SETTING_CHOICES) {
        const choices: readonly unknown[] = SETTING_CHOICES[name as keyof typeof SETTING_CHOICES];
        if (choices.includes(value)) next[key] = value;
      } else if ((SETTING_FLAGS as readonly string[]).includes(name)) {
        if (typeof value === 'boolean') next[key] = value;
      } else if ((ZONE_SETTINGS as readonly string[]).includes(name)) {
        if (typeof value === 'string' && (value === '' || isTimeZone(value))) next[key] = value;
      } else if (holdsItems(value)) needsSchema = true;
      else if (
        typeof value === 'object' &&
        value !== null &&
        Array.isArray(value) === Array.isArray(BOOT_DEFAULTS[name])
      )
        next[key] = value;
    }
  }
  return { settings: applyLayoutRules(next as UiSettings), needsSchema };
}
