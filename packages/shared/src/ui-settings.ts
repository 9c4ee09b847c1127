import { z } from 'zod';
import { text } from './schemas/fields.ts';

/** The UI settings of SPEC §3 with the defaults of SPEC §9; kept in localStorage and per user. */
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
  columnVisibility: z.record(text(), z.record(text(), z.boolean())).default({}),
  lastSearches: z.array(text().max(200)).max(5).default([]),
  searchResults: z.array(z.unknown()).max(50).default([]),
});

export type UiSettings = z.infer<typeof uiSettingsSchema>;
export const UI_SETTINGS_DEFAULTS: UiSettings = uiSettingsSchema.parse({});
/** localStorage key (SPEC §9). */
export const UI_SETTINGS_STORAGE_KEY = 'settings';
