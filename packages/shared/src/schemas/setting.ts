import { z } from 'zod';
import { settingSchemas, smtpSettingSchema, type SettingValues } from '../settings.ts';
import { text } from './fields.ts';

/**
 * GET /api/settings answers every key of settingSchemas (SETTING_DEFAULTS where never set), with
 * the SMTP password masked: SECRET_MASK followed by its last 4 characters, or '' when none is set.
 */
export const SECRET_MASK = '••••';

export function maskSecret(plain: string): string {
  return plain === '' ? '' : `${SECRET_MASK}${plain.slice(-4)}`;
}

/** True for a value that came back from GET unchanged: the stored secret is kept. */
export function isMaskedSecret(value: string): boolean {
  return value.startsWith(SECRET_MASK);
}

const smtp = smtpSettingSchema.shape;

/** PATCH body for `smtp`: only the fields sent change (no defaults fill the rest). */
export const smtpSettingPatchSchema = z
  .object({
    host: smtp.host.unwrap().optional(),
    port: smtp.port.unwrap().optional(),
    user: smtp.user.unwrap().optional(),
    password: smtp.password.unwrap().optional(),
    from: smtp.from.unwrap().optional(),
    secure: smtp.secure.unwrap().optional(),
  })
  .strict();

/** PATCH /api/settings body: `{ key: value, ... }` for any of the keys; unknown keys are refused. */
export const updateSettingsSchema = z
  .object({
    portalName: settingSchemas.portalName.optional(),
    supportEmail: settingSchemas.supportEmail.optional(),
    smtp: smtpSettingPatchSchema.optional(),
    sessionIdleMinutes: settingSchemas.sessionIdleMinutes.optional(),
    minPasswordLength: settingSchemas.minPasswordLength.optional(),
    logRetentionDays: settingSchemas.logRetentionDays.optional(),
    mfaRequiredRoles: settingSchemas.mfaRequiredRoles.optional(),
    documentMaxBytes: settingSchemas.documentMaxBytes.optional(),
    apiRateLimitPerMinute: settingSchemas.apiRateLimitPerMinute.optional(),
    apiUsageRetentionDays: settingSchemas.apiUsageRetentionDays.optional(),
    corsAllowedOrigins: settingSchemas.corsAllowedOrigins.optional(),
    customizerEnabled: settingSchemas.customizerEnabled.optional(),
    merchantDraftRetentionDays: settingSchemas.merchantDraftRetentionDays.optional(),
    notificationRetentionDays: settingSchemas.notificationRetentionDays.optional(),
    applicationLinkDays: settingSchemas.applicationLinkDays.optional(),
    sanctionsMatchThreshold: settingSchemas.sanctionsMatchThreshold.optional(),
    sanctionsGatedPipelines: settingSchemas.sanctionsGatedPipelines.optional(),
    sanctionsScreenOnEntryPipelines: settingSchemas.sanctionsScreenOnEntryPipelines.optional(),
    /** The whole rule set: what is sent replaces the stored rules. */
    documentChecklist: settingSchemas.documentChecklist.optional(),
    agentsSeeOwnMerchants: settingSchemas.agentsSeeOwnMerchants.optional(),
    /** Step-up: required when a key of STEP_UP_SETTING_KEYS changes; never stored. */
    currentPassword: text().min(1).max(256).optional(),
  })
  .strict();
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/** GET and PATCH /api/settings answer (password masked). */
export type SettingsResponse = SettingValues;

/**
 * GET /api/settings/public: what the page title needs before sign-in, and the idle limit the
 * client counts down to warn before the session ends (not a secret: PCI fixes its range).
 */
/** The portal's name, the idle limit the client warns before, the password length the forms hint at, and whether the shell offers the customizer. */
export const publicSettingsSchema = z.object({
  portalName: z.string(),
  sessionIdleMinutes: z.number().int(),
  minPasswordLength: z.number().int(),
  customizerEnabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
