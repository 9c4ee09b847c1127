import { z } from 'zod';
import { text } from './schemas/fields.ts';
import { isTimeZone } from './time-zone.ts';

/**
 * Bounds of the stored UI settings: every key is typed and bounded, so a user cannot
 * park megabytes or deeply nested JSON in their row. The serialized whole stays under
 * UI_SETTINGS_MAX_BYTES; the API answers 413 past it.
 */
export const UI_SETTINGS_MAX_BYTES = 16 * 1024;
const MAX_GRIDS = 30;
const MAX_COLUMNS = 60;
const key = text().min(1).max(64);

/** Grid id → column field → visible. */
const columnVisibility = z
  .record(key, z.record(key, z.boolean()))
  .refine((grids) => Object.keys(grids).length <= MAX_GRIDS, `At most ${MAX_GRIDS} grids`)
  .refine(
    (grids) => Object.values(grids).every((columns) => Object.keys(columns).length <= MAX_COLUMNS),
    `At most ${MAX_COLUMNS} columns per grid`,
  );

/** A remembered search hit: flat and bounded (it used to be any JSON at all). */
const searchResult = z
  .object({
    title: text().max(200),
    url: text().max(500),
    icon: text().max(100).optional(),
    section: text().max(100).optional(),
  })
  .strict();

/** The UI settings with the product specification's defaults; kept in localStorage and per user. */
export const uiSettingsSchema = z.object({
  mode: z.enum(['light', 'dark', 'semi-dark']).default('light'),
  skin: z.enum(['default', 'bordered']).default('default'),
  layout: z.enum(['vertical', 'horizontal']).default('vertical'),
  lastLayout: z.enum(['vertical', 'horizontal']).default('vertical'),
  appBar: z.enum(['fixed', 'static', 'hidden']).default('fixed'),
  appBarBlur: z.boolean().default(true),
  footer: z.enum(['fixed', 'static', 'hidden']).default('static'),
  contentWidth: z.enum(['full', 'boxed']).default('boxed'),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  themeColor: z.enum(['primary', 'secondary', 'success', 'error', 'warning', 'info']).default('primary'),
  navCollapsed: z.boolean().default(false),
  navHidden: z.boolean().default(false),
  verticalNavToggleType: z.enum(['accordion', 'collapse']).default('accordion'),
  toastPosition: z
    .enum(['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right'])
    .default('top-right'),
  /** The zone times are shown in (IANA name); empty follows the browser's. */
  timeZone: text()
    .max(64)
    .refine((zone) => zone === '' || isTimeZone(zone), 'Choose a time zone from the list')
    .default(''),
  columnVisibility: columnVisibility.default({}),
  lastSearches: z.array(text().max(200)).max(5).default([]),
  searchResults: z.array(searchResult).max(10).default([]),
});

export type UiSettings = z.infer<typeof uiSettingsSchema>;
export const UI_SETTINGS_DEFAULTS: UiSettings = uiSettingsSchema.parse({});
/** localStorage key. */
export const UI_SETTINGS_STORAGE_KEY = 'settings';

/** Serialized size in UTF-8 bytes, as it would be stored (no TextEncoder: shared has no DOM or node types). */
export function uiSettingsBytes(settings: UiSettings): number {
  const json = JSON.stringify(settings);
  let bytes = 0;
  for (let i = 0; i < json.length; i += 1) {
    const code = json.charCodeAt(i);
    // A surrogate half counts 2: the pair is one 4-byte character.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}
