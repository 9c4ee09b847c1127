import { auditDateBound, type AuditEntry, type AuditExportQuery, type AuditListQuery } from '@boardwalk/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern } from '../../lib/db/like-pattern.ts';
import { auditSubjectNames, subjectKey, type SubjectNames } from './audit-subject-names.ts';

/** The filters of the list and of the export: every query param but paging and sort. */
export type AuditFilters = Omit<AuditExportQuery, 'sort' | 'order'>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `auth.*` → every action that starts with `auth.`; anything else exactly. */
function actionCondition(actions: string[]): SQL | undefined {
  const exact = actions.filter((a) => !a.endsWith('.*'));
  const prefixes = actions.filter((a) => a.endsWith('.*')).map((a) => a.slice(0, -1));
  return or(
    exact.length > 0 ? inArray(auditLog.action, exact) : undefined,
    ...prefixes.map((p) => like(auditLog.action, `${p.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)),
  );
}

const userName = sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`;

function conditions(filters: AuditFilters): SQL | undefined {
  const { q, actor, actorUserId, action, subjectType, subjectId, outcome, from, to } = filters;
  const search = q ? likePattern(q) : undefined;
  const actorSearch = actor ? likePattern(actor) : undefined;
  const start = from ? auditDateBound(from) : null;
  const end = to ? auditDateBound(to, true) : null;
  return and(
    search
      ? or(
          ilike(auditLog.action, search),
          ilike(auditLog.subjectType, search),
          ilike(auditLog.subjectId, search),
          ilike(auditLog.actorLabel, search),
          ilike(auditLog.ip, search),
        )
      : undefined,
    actorSearch
      ? or(
          ilike(users.email, actorSearch),
          ilike(users.displayName, actorSearch),
          ilike(userName, actorSearch),
          ilike(auditLog.actorLabel, actorSearch),
        )
      : undefined,
    actorUserId ? eq(auditLog.actorUserId, actorUserId) : undefined,
    action && action.length > 0 ? actionCondition(action) : undefined,
    subjectType ? eq(auditLog.subjectType, subjectType) : undefined,
    subjectId ? eq(auditLog.subjectId, subjectId) : undefined,
    outcome ? eq(auditLog.outcome, outcome) : undefined,
    start ? gte(auditLog.at, start) : undefined,
    // A bare date takes in its whole day; a date-time is the last instant included.
    end && to ? (DATE_ONLY.test(to) ? lt(auditLog.at, end) : lte(auditLog.at, end)) : undefined,
  );
}

/** The columns of a row with its actor, joined once (no query per actor). */
const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  /** The stored instant to the microsecond, for keyset paging (a JS Date keeps milliseconds only). */
  atExact: sql<string>`${auditLog.at}::text`,
  actorUserId: auditLog.actorUserId,
  actorTokenId: auditLog.actorTokenId,
  actorLabel: auditLog.actorLabel,
  tokenName: apiTokens.name,
  tokenPrefix: apiTokens.prefix,
  userEmail: users.email,
  userDisplayName: users.displayName,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  action: auditLog.action,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  changes: auditLog.changes,
  ip: auditLog.ip,
  outcome: auditLog.outcome,
};

type EntryRow = {
  id: string;
  at: Date;
  atExact: string;
  actorUserId: string | null;
  actorTokenId: string | null;
  actorLabel: string | null;
  tokenName: string | null;
  tokenPrefix: string | null;
  userEmail: string | null;
  userDisplayName: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  changes: Record<string, unknown> | null;
  ip: string | null;
  outcome: AuditEntry['outcome'];
};

function actorOf(row: EntryRow): AuditEntry['actor'] {
  const token =
    row.actorTokenId && row.tokenName !== null && row.tokenPrefix !== null
      ? { name: row.tokenName, prefix: row.tokenPrefix }
      : null;
  const base = { userId: row.actorUserId, tokenId: row.actorTokenId, token, name: null, email: null };
  if (row.actorUserId) {
    const full = [row.userFirstName, row.userLastName].filter(Boolean).join(' ');
    const name = row.userDisplayName || full || null;
    const email = row.userEmail ?? null;
    const label = name ?? email ?? row.actorLabel ?? `Deleted user ${row.actorUserId.slice(0, 8)}`;
    return { ...base, type: 'user', name, email, label };
  }
  if (row.actorTokenId) {
    return { ...base, type: 'token', label: `API token ${token?.name ?? row.actorTokenId.slice(0, 8)}` };
  }
  if (row.actorLabel) return { ...base, type: 'anonymous', label: row.actorLabel };
  return { ...base, type: 'system', label: 'System' };
}

function toEntry(row: EntryRow, names: SubjectNames): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: actorOf(row),
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectName: names.get(subjectKey(row.subjectType, row.subjectId?.toLowerCase() ?? null)) ?? null,
    changes: row.changes,
    ip: row.ip,
    outcome: row.outcome,
  };
}

function select(db: Db) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(apiTokens, eq(apiTokens.id, auditLog.actorTokenId));
}

export async function countAudit(db: Db, filters: AuditFilters): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(conditions(filters));
  return row?.total ?? 0;
}

/** A page of the log, newest first unless asked otherwise (audit_log_at_idx serves the order). */
export async function listAudit(db: Db, query: AuditListQuery) {
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, total] = await Promise.all([
    select(db)
      .where(conditions(query))
      .orderBy(direction(auditLog.at), direction(auditLog.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    countAudit(db, query),
  ]);
  const names = await auditSubjectNames(db, rows);
  return { audit: rows.map((row) => toEntry(row, names)), total, params: query, allData: [] as AuditEntry[] };
}

/**
 * Every row matching the filters, at most `limit`, in batches walked by (at, id) keyset rather
 * than by offset, so the last batch of a large export costs what the first did.
 */
export async function* auditBatches(
  db: Db,
  filters: AuditFilters,
  options: { order: 'asc' | 'desc'; limit: number; batchSize?: number },
): AsyncGenerator<AuditEntry[]> {
  const { order, limit, batchSize = 1000 } = options;
  const direction = order === 'asc' ? asc : desc;
  const where = conditions(filters);
  let cursor: { at: string; id: string } | undefined;
  let left = limit;
  while (left > 0) {
    const after = cursor
      ? order === 'asc'
        ? sql`(${auditLog.at}, ${auditLog.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows = await select(db)
      .where(and(where, after))
      .orderBy(direction(auditLog.at), direction(auditLog.id))
      .limit(Math.min(batchSize, left));
    if (rows.length === 0) return;
    const names = await auditSubjectNames(db, rows);
    yield rows.map((row) => toEntry(row, names));
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.atExact, id: last.id };
  }
}
