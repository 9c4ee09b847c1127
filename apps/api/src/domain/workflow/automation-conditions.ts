import {
  CONDITION_FIELDS,
  LIST_OPERATORS,
  type Condition,
  type ConditionField,
  type Trigger,
} from '@boardwalk/shared/schemas/automation';
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { conditionSql } from './condition-sql.ts';

/** A merchant's values of the condition fields (dates as YYYY-MM-DD, amounts as numbers). */
export type MerchantFacts = { id: string } & Record<ConditionField, string | number | null>;

const m = merchants;
const factColumns = {
  id: m.id,
  dbaName: m.dbaName,
  legalName: m.legalName,
  businessType: m.businessType,
  contactEmail: m.contactEmail,
  contactPhone: m.contactPhone,
  city: m.city,
  region: m.region,
  country: m.country,
  monthlyVolume: m.monthlyVolume,
  averageTicket: m.averageTicket,
  highTicket: m.highTicket,
  cardPresentPercent: m.cardPresentPercent,
  stageId: m.stageId,
  pipeline: m.pipeline,
  assignedUserId: m.assignedUserId,
  riskLevel: m.riskLevel,
  underwritingDecision: m.underwritingDecision,
  mid: m.mid,
  foundedOn: m.foundedOn,
  goLiveOn: m.goLiveOn,
  createdAt: sql<string>`to_char(${m.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
};

/** The live merchant's facts, or null when it does not exist or is deleted. */
export async function loadMerchantFacts(db: Db, merchantId: string): Promise<MerchantFacts | null> {
  const [row] = await db
    .select(factColumns)
    .from(m)
    .where(and(eq(m.id, merchantId), isNull(m.deletedAt)));
  return (row as MerchantFacts | undefined) ?? null;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function compare(actual: string | number, expected: string | number): number {
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  return String(actual).localeCompare(String(expected));
}

/** Whether one condition holds for the merchant's value (text compares ignore case). */
export function conditionHolds(condition: Condition, actual: string | number | null): boolean {
  const { operator, value } = condition;
  if (operator === 'is_empty') return isEmpty(actual);
  if (operator === 'is_not_empty') return !isEmpty(actual);
  const kind = CONDITION_FIELDS[condition.field].kind;
  const norm = (v: unknown) => (kind === 'text' && typeof v === 'string' ? v.trim().toLowerCase() : v);
  const a = norm(actual);
  if (LIST_OPERATORS.includes(operator)) {
    const list = (Array.isArray(value) ? value : []).map(norm);
    const found = list.includes(a);
    return operator === 'in' ? found : !found;
  }
  const v = norm(value);
  switch (operator) {
    case 'eq':
      return a === v;
    case 'neq':
      return a !== v;
    case 'contains':
      return typeof a === 'string' && typeof v === 'string' && a.includes(v);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'in':
    case 'not_in': {
      if (isEmpty(a) || isEmpty(v) || Array.isArray(v)) return false;
      const c = compare(a as string | number, v as string | number);
      return operator === 'gt' ? c > 0 : operator === 'gte' ? c >= 0 : operator === 'lt' ? c < 0 : c <= 0;
    }
  }
}

export type ConditionCheck = Condition & { actual: string | number | null; holds: boolean };

/** Every condition checked against the merchant: all must hold. */
export function checkConditions(conditions: Condition[], facts: MerchantFacts): ConditionCheck[] {
  return conditions.map((c) => {
    const actual = facts[c.field] ?? null;
    return { ...c, actual, holds: conditionHolds(c, actual) };
  });
}

export const conditionsHold = (conditions: Condition[], facts: MerchantFacts) =>
  checkConditions(conditions, facts).every((c) => c.holds);

const PAGE = 2000;

export type MatchingMerchants = {
  /** The first `limit` matching ids, in id order. */
  ids: string[];
  /** How many match; when `complete` is false, how many were found before the deadline. */
  total: number;
  complete: boolean;
};

/**
 * The live merchants whose facts satisfy every condition, in id order, at most `limit` ids; for a
 * stage or time-in-stage trigger only those in the watched stage (and, for time in stage, in it
 * for at least its hours). Conditions that translate exactly (`conditionSql`) are filtered by the
 * database; when all do, the database counts. The others are checked by the same code as a run,
 * `pageSize` rows at a time, until `deadline` (epoch ms) if one is given.
 */
export async function matchingMerchantIds(
  db: Db,
  trigger: Trigger,
  conditions: Condition[],
  now: Date,
  {
    limit = Number.POSITIVE_INFINITY,
    deadline,
    pageSize = PAGE,
  }: { limit?: number; deadline?: number; pageSize?: number } = {},
): Promise<MatchingMerchants> {
  const stageId =
    trigger.type === 'time_in_stage'
      ? trigger.stageId
      : trigger.type === 'stage_changed'
        ? (trigger.toStageId ?? null)
        : null;
  const since = trigger.type === 'time_in_stage' ? new Date(now.getTime() - trigger.hours * 3_600_000) : null;
  const translated = conditions.map((c) => ({ condition: c, sql: conditionSql(c) }));
  const inApp = translated.filter((t) => t.sql === null).map((t) => t.condition);
  const where = and(
    isNull(m.deletedAt),
    stageId ? eq(m.stageId, stageId) : undefined,
    since ? sql`${m.stageEnteredAt} <= ${since.toISOString()}::timestamptz` : undefined,
    ...translated.map((t) => t.sql ?? undefined),
  );
  if (inApp.length === 0) {
    const [counted] = await db.select({ n: count() }).from(m).where(where);
    const total = counted?.n ?? 0;
    const take = Math.min(limit, total);
    const ids =
      take === 0
        ? []
        : (await db.select({ id: m.id }).from(m).where(where).orderBy(asc(m.id)).limit(take)).map((r) => r.id);
    return { ids, total, complete: true };
  }
  const ids: string[] = [];
  let total = 0;
  let after: string | null = null;
  for (;;) {
    const rows = (await db
      .select(factColumns)
      .from(m)
      .where(and(where, after ? gt(m.id, after) : undefined))
      .orderBy(asc(m.id))
      .limit(pageSize)) as MerchantFacts[];
    for (const row of rows) {
      if (!conditionsHold(inApp, row)) continue;
      total += 1;
      if (ids.length < limit) ids.push(row.id);
    }
    if (rows.length < pageSize) return { ids, total, complete: true };
    if (deadline !== undefined && Date.now() >= deadline) return { ids, total, complete: false };
    after = rows[rows.length - 1]!.id;
  }
}

/** Facts of several merchants at once (the time-in-stage and schedule checks). */
export async function loadFactsOf(db: Db, ids: string[]): Promise<MerchantFacts[]> {
  if (ids.length === 0) return [];
  return await db
    .select(factColumns)
    .from(m)
    .where(and(inArray(m.id, ids), isNull(m.deletedAt)));
}
