import { z } from 'zod';
import {
  defineAbilityFor,
  MERCHANT_NOTE_SUBJECT,
  STAGE_ACTION_SUBJECT,
  MERCHANT_REVEAL_SUBJECT,
  type AbilityUser,
  type Action,
} from '../ability.ts';
import { SORT_ORDERS, pagingShape } from '../list.ts';
import { auditDateBound } from './audit.ts';
import { requiredName, text } from './fields.ts';

/**
 * API tokens (docs/decisions/033-api-tokens-and-scopes.md). A token acts for the user
 * who created it, never with more than that user's role allows today, and only on the subjects
 * its scopes name: `read` lets it read a subject, `write` read, create, update and delete it.
 * `merchant-reveal` (clear sensitive values, lookups by them) is a scope of its own, read only and
 * off unless ticked: a `merchant` scope alone never reveals (docs/decisions/071).
 */
export const TOKEN_SCOPE_SUBJECTS = [
  'merchant',
  MERCHANT_REVEAL_SUBJECT,
  'agent',
  'company',
  'industry',
  'lead-source',
  'stage',
  'template',
  'user',
  'setting',
  'audit',
  'api-usage',
] as const;
export type TokenScopeSubject = (typeof TOKEN_SCOPE_SUBJECTS)[number];
export const TOKEN_SCOPE_LABELS: Record<TokenScopeSubject, string> = {
  merchant: 'Merchants',
  [MERCHANT_REVEAL_SUBJECT]: 'Reveal sensitive values',
  agent: 'Agent accounts',
  company: 'Companies',
  industry: 'Industries',
  'lead-source': 'Lead sources',
  stage: 'Stages',
  template: 'Templates',
  user: 'Users',
  setting: 'Settings',
  audit: 'Audit log',
  'api-usage': 'API usage',
};

export const TOKEN_SCOPE_LEVELS = ['read', 'write'] as const;
export type TokenScopeLevel = (typeof TOKEN_SCOPE_LEVELS)[number];
export type TokenScopes = Partial<Record<TokenScopeSubject, TokenScopeLevel>>;

/** Scopes that have no write level: the dialog offers them as a tick box. */
export const READ_ONLY_TOKEN_SCOPES: readonly TokenScopeSubject[] = [MERCHANT_REVEAL_SUBJECT];

/** Scopes that only mean something beside another one (reveal reads merchants). */
export const TOKEN_SCOPE_NEEDS: Partial<Record<TokenScopeSubject, TokenScopeSubject>> = {
  [MERCHANT_REVEAL_SUBJECT]: 'merchant',
};

/** What the dialog says when a scope is ticked. */
export const TOKEN_SCOPE_WARNINGS: Partial<Record<TokenScopeSubject, string>> = {
  [MERCHANT_REVEAL_SUBJECT]:
    'This token will read tax ids, SSNs, dates of birth and bank numbers in clear, and find which merchant ' +
    'holds one. Every such call is audited and counts against your own reveal limit. Tick it only for a ' +
    'system that must have these values.',
};

/** The subject of the token screens and routes: tokens never manage tokens (they refuse them). */
export const API_TOKEN_SUBJECT = 'api-token';
/** The subject of /history/api and GET /api/history/api. */
export const API_USAGE_SUBJECT = 'api-usage';

/** What a level allows: write is read plus every change. */
export const SCOPE_ACTIONS: Record<TokenScopeLevel, readonly Action[]> = {
  read: ['read'],
  write: ['read', 'create', 'update', 'delete'],
};

/**
 * Subjects another scope covers: a merchant's notes go with the `merchant` scope (docs/decisions/110),
 * a stage's actions with the `stage` scope (docs/decisions/117).
 */
const SCOPE_COVERS: Record<string, TokenScopeSubject> = {
  [MERCHANT_NOTE_SUBJECT]: 'merchant',
  [STAGE_ACTION_SUBJECT]: 'stage',
};

/** The token scope that covers a subject: itself, or the scope it belongs to (a merchant's notes: merchant). */
export const scopeSubjectOf = (subject: string): string => SCOPE_COVERS[subject] ?? subject;

/** Whether scopes allow an action on a subject (`manage` needs write). */
export function scopeAllows(scopes: TokenScopes, action: Action, subject: string): boolean {
  const level = scopes[scopeSubjectOf(subject) as TokenScopeSubject];
  if (!level) return false;
  if (action === 'manage') return level === 'write';
  return SCOPE_ACTIONS[level].includes(action);
}

/** Whether a user's role may hold a scope: every action of the level must be allowed. */
export function roleAllowsScope(user: AbilityUser, subject: TokenScopeSubject, level: TokenScopeLevel): boolean {
  const ability = defineAbilityFor(user, subject);
  return SCOPE_ACTIONS[level].every((action) => ability.can(action, subject));
}

/** The visible start of every secret: secret scanners match it (`bw_live_` + 40 base62). */
export const TOKEN_SECRET_PREFIX = 'bw_live_';
export const TOKEN_SECRET_PATTERN = /^bw_live_[0-9A-Za-z]{40}$/;
/** How many characters of the secret the list shows (the prefix plus 8). */
export const TOKEN_DISPLAY_PREFIX_LENGTH = TOKEN_SECRET_PREFIX.length + 8;

export const TOKEN_EXPIRY_CHOICES = ['30', '90', '365', 'date', 'none'] as const;
export type TokenExpiryChoice = (typeof TOKEN_EXPIRY_CHOICES)[number];
export const TOKEN_EXPIRY_LABELS: Record<TokenExpiryChoice, string> = {
  '30': '30 days',
  '90': '90 days',
  '365': '365 days',
  date: 'On a date',
  none: 'Never (superadmins only)',
};

/** How long the old secret keeps working after a rotation. */
export const TOKEN_GRACE_MINUTES = [0, 60, 24 * 60, 7 * 24 * 60] as const;
export const TOKEN_GRACE_LABELS: Record<(typeof TOKEN_GRACE_MINUTES)[number], string> = {
  0: 'None: the old secret stops now',
  60: '1 hour',
  1440: '24 hours',
  10080: '7 days',
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const scopesSchema = z
  .partialRecord(z.enum(TOKEN_SCOPE_SUBJECTS), z.enum(TOKEN_SCOPE_LEVELS))
  .refine((scopes) => Object.keys(scopes).length > 0, 'Choose at least one scope')
  .superRefine((scopes, ctx) => {
    for (const subject of TOKEN_SCOPE_SUBJECTS) {
      if (!scopes[subject]) continue;
      if (scopes[subject] === 'write' && READ_ONLY_TOKEN_SCOPES.includes(subject)) {
        ctx.addIssue({ code: 'custom', path: [subject], message: `${TOKEN_SCOPE_LABELS[subject]} is read only` });
      }
      const needed = TOKEN_SCOPE_NEEDS[subject];
      if (needed && !scopes[needed]) {
        const message = `${TOKEN_SCOPE_LABELS[subject]} needs the ${TOKEN_SCOPE_LABELS[needed]} scope too`;
        ctx.addIssue({ code: 'custom', path: [subject], message });
      }
    }
  });

/** POST /api/api-tokens `{ data }`. */
export const apiTokenCreateSchema = z
  .object({
    name: requiredName('Enter a name', 100),
    scopes: scopesSchema,
    expiry: z.enum(TOKEN_EXPIRY_CHOICES, { error: 'Choose when the token expires' }),
    /** With expiry `date`: the last day the token works (UTC), YYYY-MM-DD. */
    expiresOn: text()
      .trim()
      .max(10, 'Enter a date as YYYY-MM-DD')
      .regex(DATE_ONLY, 'Enter a date as YYYY-MM-DD')
      .refine((v) => auditDateBound(v) !== null, 'Enter a real date')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.expiry === 'date' && !value.expiresOn) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Choose the expiry date' });
    }
  });
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;
export const apiTokenCreateBodySchema = z.object({ data: apiTokenCreateSchema });

/** POST /api/api-tokens/{id}/rotate `{ data }`. */
export const apiTokenRotateSchema = z.object({
  graceMinutes: z.literal(TOKEN_GRACE_MINUTES, { error: 'Choose a grace period' }),
});
export const apiTokenRotateBodySchema = z.object({ data: apiTokenRotateSchema });

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked', 'rotating'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];
export const API_TOKEN_STATUS_LABELS: Record<ApiTokenStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  rotating: 'Rotated (grace period)',
};

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('The visible start of the secret, e.g. bw_live_Ab12Cd34'),
  scopes: z.partialRecord(z.enum(TOKEN_SCOPE_SUBJECTS), z.enum(TOKEN_SCOPE_LEVELS)),
  createdBy: z.object({ id: z.uuid(), label: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** After a rotation: the old secret works until this instant. */
  graceEndsAt: z.string().nullable(),
  rotatedFromId: z.uuid().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** Create and rotate answer the token once with its secret; it is never shown again. */
export const apiTokenWithSecretSchema = apiTokenSchema.extend({
  secret: z.string().describe('The whole token (bw_live_…): shown once, only its sha-256 is kept'),
});
export type ApiTokenWithSecret = z.infer<typeof apiTokenWithSecretSchema>;

export const apiTokenListResponseSchema = z.object({
  apiTokens: z.array(apiTokenSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  allData: z.array(apiTokenSchema).describe('Every token (a bounded list: tokens are few)'),
});
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

// ---- API usage (GET /api/history/api) ----

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

// The longest date-time with its offset and fraction is 32 characters.
const dateBound = text()
  .trim()
  .max(40, 'Use at most 40 characters')
  .refine((v) => auditDateBound(v) !== null, 'Enter a date (YYYY-MM-DD) or a date-time with its offset');

const usageFilterShape = {
  /** Matches the route, the IP address and the user agent. */
  q: text().trim().max(200).optional(),
  tokenId: z.uuid('Not a valid token id').optional(),
  userId: z.uuid('Not a valid user id').optional(),
  route: text().trim().max(300).optional(),
  statusClass: z.enum(STATUS_CLASSES, { error: 'Choose 2xx, 3xx, 4xx or 5xx' }).optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
};

export const apiUsageListQuerySchema = z.object({
  ...usageFilterShape,
  sort: z.enum(['at']).default('at'),
  order: z.enum(SORT_ORDERS).default('desc'),
  ...pagingShape,
});
export type ApiUsageListQuery = z.infer<typeof apiUsageListQuerySchema>;

export const apiUsageSeriesQuerySchema = z.object({
  ...usageFilterShape,
  bucket: z.enum(['hour', 'day']).default('hour'),
});
export type ApiUsageSeriesQuery = z.infer<typeof apiUsageSeriesQuerySchema>;

export const apiRequestSchema = z.object({
  id: z.string(),
  at: z.string(),
  tokenId: z.uuid().nullable(),
  tokenName: z.string().nullable(),
  tokenPrefix: z.string().nullable(),
  userId: z.uuid().nullable(),
  userLabel: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ApiRequest = z.infer<typeof apiRequestSchema>;

export const apiUsageListResponseSchema = z.object({
  apiRequests: z.array(apiRequestSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  allData: z.array(apiRequestSchema).describe('Always []: the usage log is unbounded'),
});
export type ApiUsageListResponse = z.infer<typeof apiUsageListResponseSchema>;

/** Requests and errors (status ≥ 400) per time bucket and token (null: session calls). */
export const apiUsagePointSchema = z.object({
  bucket: z.string(),
  tokenId: z.uuid().nullable(),
  tokenName: z.string().nullable(),
  requests: z.number().int(),
  errors: z.number().int(),
});
export type ApiUsagePoint = z.infer<typeof apiUsagePointSchema>;
export const apiUsageSeriesResponseSchema = z.object({ series: z.array(apiUsagePointSchema) });
export type ApiUsageSeriesResponse = z.infer<typeof apiUsageSeriesResponseSchema>;
