import { z } from 'zod';
import { SORT_ORDERS, pagingShape } from '../list.ts';
import { text } from './fields.ts';

/** How an audited attempt ended (the audit_log.outcome table). */
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = {
  success: 'Success',
  failure: 'Failure',
  denied: 'Denied',
};

/**
 * Who did it: a user (name and email from the users table, deleted users included), an API
 * token, someone known only by what they typed (a sign-in with an unknown email), or the system.
 */
export const AUDIT_ACTOR_TYPES = ['user', 'token', 'anonymous', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The most rows one CSV export holds; a wider range must be exported in parts. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/**
 * Actions the server writes today, offered as suggestions by the action filter. Actions are free
 * text in the table (features add their own), so the filter accepts any name.
 */
export const KNOWN_AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'auth.lock_out',
  'permission.denied',
  'user.create',
  'user.update',
  'user.delete',
  'user.password_change',
  'session.end',
  'session.end_all',
  'setting.update',
  'setting.step_up',
  'agent.create',
  'agent.update',
  'agent.delete',
  'company.create',
  'company.update',
  'company.delete',
  'industry.create',
  'industry.update',
  'industry.delete',
  'lead-source.create',
  'lead-source.update',
  'lead-source.delete',
  'stage.create',
  'stage.update',
  'stage.delete',
  'stage.reorder',
  'template.create',
  'template.update',
  'template.delete',
  'audit.export',
] as const;

export const AUDIT_SORT_COLUMNS = ['at'] as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A `from`/`to` bound as the instant it stands for: a date-time with its offset as it is, a bare
 * date (YYYY-MM-DD, UTC) as the start of that day, or at `end` the start of the day after (so
 * `to=2026-01-31` takes in the whole of the 31st). Null when it is not a real date.
 */
export function auditDateBound(value: string, end = false): Date | null {
  if (DATE_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return null;
    return end ? new Date(day.getTime() + 86_400_000) : day;
  }
  if (!DATE_TIME.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

const DATE_MESSAGE = 'Enter a date (YYYY-MM-DD) or a date-time with its offset (2026-01-31T09:00:00Z)';
// The longest date-time with its offset and fraction is 32 characters.
const dateBound = text()
  .trim()
  .max(40, 'Use at most 40 characters')
  .refine((v) => auditDateBound(v) !== null, DATE_MESSAGE);

const ACTION_LIST = /^[\w.*,-]*$/;
const actionList = text().trim().max(1000).regex(ACTION_LIST, 'Give action names such as user.update, comma-separated');

const filterShape = {
  q: text().trim().max(200).optional(),
  sort: z.enum(AUDIT_SORT_COLUMNS).default('at'),
  order: z.enum(SORT_ORDERS).default('desc'),
  actorUserId: z.uuid('Not a valid user id').optional(),
  actor: text().trim().max(200).optional(),
  action: z
    .union([actionList, z.array(actionList).max(20)])
    .transform((v) => [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter(Boolean))])
    .optional(),
  subjectType: text().trim().max(100).optional(),
  subjectId: text().trim().max(200).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: 'Choose success, failure or denied' }).optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
};

function rangeInOrder(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!query.from || !query.to) return;
  const from = auditDateBound(query.from);
  const to = auditDateBound(query.to, true);
  if (from && to && from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range after it starts' });
}

/**
 * GET /api/history/audit. `action` may repeat or hold a comma-separated list; a name ending in
 * `.*` matches every action under it (`auth.*`). `actor` matches the actor's name, email or
 * label; `actorUserId` one user exactly. `from` is inclusive; `to` too, and a bare date takes in
 * its whole day. `q` matches action, subject, actor label and ip.
 */
export const auditListQuerySchema = z
  .object({
    ...filterShape,
    ...pagingShape,
  })
  .superRefine(rangeInOrder);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** GET /api/history/audit/export.csv: the list's filters and order, no paging. */
export const auditExportQuerySchema = z.object(filterShape).superRefine(rangeInOrder);
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditActorSchema = z.object({
  type: z.enum(AUDIT_ACTOR_TYPES),
  userId: z.uuid().nullable(),
  tokenId: z.uuid().nullable(),
  /** The user's display name (or first and last name). */
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The API token the request was made with (decision 041): its name and visible prefix. */
  token: z.object({ name: z.string(), prefix: z.string() }).nullable(),
  /** What to show: the name, else the email, the token, the typed label, or "System". */
  label: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** A row of GET /api/history/audit. `changes` is usually `{ field: { from?, to? } }` (lib/db/changes.ts). */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** What people call the subject (a merchant's DBA, a user's name); null when it has no name or is gone. */
  subjectName: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  audit: z.array(auditEntrySchema),
  total: z.number().int().describe('Rows matching the filters'),
  params: z.record(z.string(), z.unknown()).describe('The parsed query, defaults filled'),
  allData: z.array(auditEntrySchema).describe('Always []: the audit log is unbounded'),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
