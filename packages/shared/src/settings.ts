import { z } from 'zod';
import { emailAddress, text } from './schemas/fields.ts';

/** Global settings (DESIGN §2 settings): one zod schema per key, with its default. */
export const smtpSettingSchema = z.object({
  host: text().max(255).default(''),
  port: z.coerce.number().int().min(1).max(65535).default(587),
  user: text().max(255).default(''),
  /** Stored encrypted; the API returns it masked and keeps the stored one when it comes back masked. */
  password: text().max(1024).default(''),
  from: text().max(255).default(''),
  secure: z.boolean().default(false),
});

export const settingSchemas = {
  portalName: text().trim().min(1, 'Enter a portal name').max(60),
  supportEmail: z.union([z.literal(''), emailAddress]),
  smtp: smtpSettingSchema,
  sessionIdleMinutes: z.coerce.number().int().min(1).max(720),
  minPasswordLength: z.coerce.number().int().min(12, 'At least 12 characters').max(128),
  logRetentionDays: z.coerce.number().int().min(1).max(3650),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export const SETTING_KEYS = Object.keys(settingSchemas) as SettingKey[];
export type SettingValues = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };

export const SETTING_DEFAULTS: SettingValues = {
  portalName: 'Boardwalk',
  supportEmail: '',
  smtp: { host: '', port: 587, user: '', password: '', from: '', secure: false },
  sessionIdleMinutes: 15,
  minPasswordLength: 12,
  logRetentionDays: 365,
};

/** Absolute session lifetime (DESIGN §6): not a setting. */
export const SESSION_MAX_AGE_HOURS = 12;
export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_MINUTES = 30;
