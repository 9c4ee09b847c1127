import { uiSettingsSchema, type UiSettings } from '@boardwalk/shared/ui-settings';
import { applyLayoutRules } from './layout-rules.ts';
import { BOOT_DEFAULTS } from './settings-storage.ts';

const shape = uiSettingsSchema.shape;

/**
 * Reads any object into valid UI settings with the shared schema, key by key, so one bad
 * value (an old build, a hand-edited localStorage) loses only itself; then the layout rules.
 */
export function validateSettings(input: unknown, base: UiSettings = BOOT_DEFAULTS): UiSettings {
  const next: Record<string, unknown> = { ...base };
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      const field = shape[key as keyof typeof shape];
      if (!field) continue;
      const parsed = field.safeParse(value);
      if (parsed.success) next[key] = parsed.data;
    }
  }
  return applyLayoutRules(next as UiSettings);
}
