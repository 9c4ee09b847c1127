import { SETTING_DEFAULTS, settingSchemas, type SettingKey, type SettingValues } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema/settings.ts';

/** A global setting, or its default when unset or no longer valid. */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValues[K]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  if (!row) return SETTING_DEFAULTS[key];
  const parsed = settingSchemas[key].safeParse(row.value);
  return parsed.success ? (parsed.data as SettingValues[K]) : SETTING_DEFAULTS[key];
}
