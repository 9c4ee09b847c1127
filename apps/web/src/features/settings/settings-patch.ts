import { STEP_UP_SETTING_KEYS, type SettingValues } from '@boardwalk/shared/settings';
import type { UpdateSettingsInput } from '@boardwalk/shared/schemas/setting';

/**
 * The PATCH body for what the user changed against what was loaded: only changed keys, and for
 * SMTP only its changed fields, so an untouched masked password is never sent (the server keeps
 * the stored one) and the audit log records real changes only.
 */
export function settingsPatch(values: SettingValues, loaded: SettingValues): UpdateSettingsInput {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof SettingValues)[]) {
    if (key === 'smtp') {
      const changed = Object.entries(values.smtp).filter(
        ([field, value]) => loaded.smtp[field as keyof SettingValues['smtp']] !== value,
      );
      if (changed.length > 0) patch.smtp = Object.fromEntries(changed);
    } else if (JSON.stringify(values[key]) !== JSON.stringify(loaded[key])) {
      // By value: the form holds copies, so an untouched array is never the loaded one.
      patch[key] = values[key];
    }
  }
  return patch;
}

/** True when the patch changes a setting the server only accepts with the password again (step-up). */
export function needsStepUp(patch: UpdateSettingsInput): boolean {
  return STEP_UP_SETTING_KEYS.some((key) => patch[key] !== undefined);
}
