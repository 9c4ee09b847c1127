import { z } from 'zod';
import { PIPELINES } from './pipelines.ts';
import { ROLES } from './roles.ts';
import { DOCUMENT_CHECKLIST_DEFAULTS } from './document-checklist.ts';
import { emailAddress, text } from './schemas/fields.ts';

/** The range an admin may set the document upload limit to (bytes). */
export const DOCUMENT_MAX_BYTES_RANGE = { min: 100 * 1024, max: 100 * 1024 * 1024 } as const;

/** Global settings (the settings table): one zod schema per key, with its default. */
export const smtpSettingSchema = z.object({
  host: text().max(255).default(''),
  port: z.number().int().min(1).max(65535).default(587),
  user: text().max(255).default(''),
  /** Stored encrypted; the API returns it masked and keeps the stored one when it comes back masked. */
  password: text().max(1024).default(''),
  from: text().max(255).default(''),
  secure: z.boolean().default(false),
});

/** The document checklist's rules (docs/decisions/102): each rule can be turned off. */
export const documentChecklistSettingSchema = z
  .object({
    ownerPhotoId: z
      .object({
        enabled: z.boolean(),
        minOwnershipPercent: z.number().int('Use a whole number').min(1, 'At least 1 %').max(100, 'At most 100 %'),
      })
      .strict(),
    bankStatements: z
      .object({
        enabled: z.boolean(),
        highRiskIndustries: z.boolean(),
        volumeOver: z
          .number({ error: 'Enter an amount' })
          .int('Use a whole amount')
          .min(0, 'The amount cannot be negative')
          .max(1_000_000_000_000, 'The amount is too large'),
      })
      .strict(),
    voidedCheck: z.object({ enabled: z.boolean() }).strict(),
  })
  .strict();

/** The shortest notification retention (see notificationRetentionDays below). */
export const NOTIFICATION_RETENTION_MIN_DAYS = 90;

export const settingSchemas = {
  portalName: text().trim().min(1, 'Enter a portal name').max(60),
  supportEmail: z.union([z.literal(''), emailAddress]),
  smtp: smtpSettingSchema,
  // PCI DSS 8.2.8: idle sessions end after at most 15 minutes.
  sessionIdleMinutes: z.number().int().min(1).max(15, 'At most 15 minutes (PCI DSS 8.2.8)'),
  minPasswordLength: z.number().int().min(12, 'At least 12 characters').max(128),
  // PCI DSS 10.5.1: audit history is kept at least 12 months.
  logRetentionDays: z.number().int().min(365, 'At least 365 days (PCI DSS 10.5.1)').max(3650),
  // PCI DSS 8.4: users of these roles must sign in with a second factor (enrolment is forced).
  mfaRequiredRoles: z
    .array(z.enum(ROLES))
    .max(ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'Name each role once')
    .transform((roles) => ROLES.filter((role) => roles.includes(role))),
  // Merchant document uploads: larger ones are refused with 413 while they stream in.
  documentMaxBytes: z
    .number()
    .int()
    .min(DOCUMENT_MAX_BYTES_RANGE.min, 'At least 100 KB')
    .max(DOCUMENT_MAX_BYTES_RANGE.max, 'At most 100 MB'),
  // API tokens: requests per token per minute, over every API process (429 beyond).
  apiRateLimitPerMinute: z.number().int().min(10, 'At least 10').max(100_000),
  // How long the API usage log (/history/api) keeps its rows.
  apiUsageRetentionDays: z.number().int().min(7, 'At least 7 days').max(3650),
  // Origins allowed to call the API from a browser with a token (CORS); empty: CORS stays closed.
  corsAllowedOrigins: z
    .array(
      text()
        .trim()
        .max(300, 'Use at most 300 characters')
        .regex(/^https?:\/\/[^/\s]+$/, 'Give an origin such as https://crm.example.com (no path)'),
    )
    .max(20),
  // The theme customizer (side cog) for everyone; off by default.
  customizerEnabled: z.boolean(),
  // A merchant draft nobody changed for this many days is deleted (it holds sensitive values).
  merchantDraftRetentionDays: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days'),
  // A read notification is deleted this many days after it was written (docs/decisions/117). At
  // least 90: an SLA warning's key (which stops it being sent twice) can be asked again for up to
  // 73 days (a fifth of the longest SLA), and a row deleted sooner would be sent once more.
  notificationRetentionDays: z
    .number()
    .int()
    .min(NOTIFICATION_RETENTION_MIN_DAYS, `At least ${NOTIFICATION_RETENTION_MIN_DAYS} days`)
    .max(3650, 'At most 3650 days'),
  // How long a merchant's application link opens after it is sent (docs/decisions/097).
  applicationLinkDays: z.number().int().min(1, 'At least 1 day').max(90, 'At most 90 days'),
  // Sanctions screening: a name this similar to a list entry is a hit (docs/decisions/099).
  sanctionsMatchThreshold: z.number().min(0.7, 'At least 0.7').max(1, 'At most 1'),
  // Sanctions screening: pipelines a merchant with an open or confirmed hit may not enter.
  sanctionsGatedPipelines: z
    .array(z.enum(PIPELINES))
    .max(PIPELINES.length)
    .transform((list) => PIPELINES.filter((p) => list.includes(p))),
  // Sanctions screening: pipelines whose stages screen a merchant afresh on entry (decision 111).
  sanctionsScreenOnEntryPipelines: z
    .array(z.enum(PIPELINES))
    .max(PIPELINES.length)
    .transform((list) => PIPELINES.filter((p) => list.includes(p))),
  // Which documents the merchant's application asks for (docs/decisions/102).
  documentChecklist: documentChecklistSettingSchema,
  // Agents linked to agent accounts read their own merchants (docs/decisions/110); off by default.
  agentsSeeOwnMerchants: z.boolean(),
} as const;

export type SettingKey = keyof typeof settingSchemas;

/**
 * Changing one of these weakens or redirects security controls (or the mail server that sends
 * password resets): the PATCH must carry the caller's current password (step-up).
 * No coercion anywhere above: a string or boolean for a number is a 400, never a silent cast.
 */
export const STEP_UP_SETTING_KEYS = [
  'sessionIdleMinutes',
  'minPasswordLength',
  'logRetentionDays',
  'smtp',
  'mfaRequiredRoles',
  'corsAllowedOrigins',
  'agentsSeeOwnMerchants',
] as const;
/**
 * Where the portal connects to send email (the `smtp` setting's host and port): changed by an
 * administrator only (an admin-only subject of ability.ts), even with the step-up password (decision 073).
 */
export const SMTP_SERVER_SUBJECT = 'smtp-server';
export const SMTP_SERVER_FIELDS = ['host', 'port'] as const;

export const SETTING_KEYS = Object.keys(settingSchemas) as SettingKey[];
export type SettingValues = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };

export const SETTING_DEFAULTS: SettingValues = {
  portalName: 'Boardwalk',
  supportEmail: '',
  smtp: { host: '', port: 587, user: '', password: '', from: '', secure: false },
  sessionIdleMinutes: 15,
  minPasswordLength: 12,
  logRetentionDays: 365,
  mfaRequiredRoles: [],
  documentMaxBytes: 10 * 1024 * 1024,
  apiRateLimitPerMinute: 600,
  apiUsageRetentionDays: 90,
  corsAllowedOrigins: [],
  customizerEnabled: false,
  merchantDraftRetentionDays: 30,
  notificationRetentionDays: 90,
  applicationLinkDays: 14,
  sanctionsMatchThreshold: 0.88,
  sanctionsGatedPipelines: ['operations'],
  sanctionsScreenOnEntryPipelines: ['underwriting'],
  documentChecklist: DOCUMENT_CHECKLIST_DEFAULTS,
  agentsSeeOwnMerchants: false,
};

/** Absolute session lifetime: not a setting. */
export const SESSION_MAX_AGE_HOURS = 12;
export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_MINUTES = 30;
