import { addDays, addMonths, dayStart, startOfMonth, startOfWeek } from '@boardwalk/shared/calendar';
import {
  type DecisionsReport,
  type NewMerchantInterval,
  type NewMerchantsReport,
  type ProductionDimension,
  type ProductionReport,
} from '@boardwalk/shared/schemas/report';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bucketCounts, DIMENSION_SLICE, rangeUnion } from './merchant-rollups.ts';
import { hasFilters, merchantFilters, ratio, type ReportScope, rowsOf, scopeMeta } from './report-scope.ts';
import type { ReportSource } from './stage-reports.service.ts';
import { rollupSlice } from './stage-rollups.ts';

/** The first day of each week (Monday) or month the range touches, the first one clamped to `from`. */
export function bucketStarts(scope: ReportScope, interval: NewMerchantInterval): string[] {
  const starts = [scope.from];
  const step = interval === 'week' ? (d: string) => addDays(d, 7) : (d: string) => addMonths(d, 1);
  let next = step(interval === 'week' ? startOfWeek(scope.from) : startOfMonth(scope.from));
  while (next <= scope.to) {
    starts.push(next);
    next = step(next);
  }
  return starts;
}

/**
 * Merchants created in the range, per week or month of the zone's calendar: from the daily rollup
 * (decision 051) whenever the scope has at most one filter, else (or with source 'rows') from the
 * merchants themselves.
 */
export async function newMerchantsReport(
  db: Db,
  scope: ReportScope,
  interval: NewMerchantInterval,
  source: ReportSource = 'rollups',
): Promise<NewMerchantsReport> {
  const starts = bucketStarts(scope, interval);
  // The zone is applied here, not in SQL: each bucket is bounded by the instant its day begins.
  const bounds = [...starts.map((day) => dayStart(day, scope.tz)), scope.end];
  const slice = source === 'rollups' ? rollupSlice(scope) : null;
  const counts = slice
    ? await newMerchantsFromRollup(db, scope, bounds, slice)
    : await newMerchantsFromRows(db, scope, bounds);
  const buckets = starts.map((start, i) => ({ start, count: counts[i] ?? 0 }));
  return { ...scopeMeta(scope), interval, buckets, total: buckets.reduce((sum, b) => sum + b.count, 0) };
}

async function newMerchantsFromRows(db: Db, scope: ReportScope, bounds: Date[]): Promise<number[]> {
  const inner = sql.join(
    bounds.slice(0, -1).map((b) => sql`${b}::timestamptz`),
    sql`, `,
  );
  const rows = await rowsOf<{ b: number; n: number }>(
    db,
    sql`SELECT width_bucket(m.created_at, ARRAY[${inner}]) AS b, count(*)::int AS n
          FROM merchants m
         WHERE m.deleted_at IS NULL AND m.created_at >= ${scope.start} AND m.created_at < ${scope.end}
               ${merchantFilters(scope)}
         GROUP BY 1`,
  );
  const counts: number[] = [];
  for (const r of rows) counts[Number(r.b) - 1] = Number(r.n);
  return counts;
}

function newMerchantsFromRollup(db: Db, scope: ReportScope, bounds: Date[], slice: SQL): Promise<number[]> {
  return bucketCounts(
    db,
    bounds,
    (firstDay, lastDay) =>
      sql`SELECT r.day, sum(r.n)::bigint AS n FROM report_new_merchants r
           WHERE ${slice} AND r.day >= ${firstDay} AND r.day <= ${lastDay} GROUP BY 1`,
    (pieces) =>
      sql`SELECT p.k, count(*)::int AS n FROM ${pieces} JOIN merchants m ON m.created_at >= p.s AND m.created_at < p.e
           WHERE m.deleted_at IS NULL ${merchantFilters(scope)} GROUP BY 1`,
  );
}

/** The most reason lines one answer lists (reasons are free text). */
export const DECISION_REASONS_LIMIT = 50;

/**
 * The decisions taken in the range per decision and (trimmed) reason, with the approved volume:
 * whole UTC days from the daily rollup, the partial days at the edges from the merchants (null:
 * the scope has two filters or more, or the caller asked for the rows).
 */
function decidedFromRollup(scope: ReportScope, slice: SQL | null, dim = sql``): SQL | null {
  if (!slice) return null;
  return rangeUnion(
    scope.start,
    scope.end,
    (firstDay, endDay) =>
      sql`SELECT r.dim_id AS k, r.decision, r.reason, r.n, r.volume AS v FROM report_decisions r
           WHERE ${slice} ${dim} AND r.day >= ${firstDay} AND r.day < ${endDay}`,
    (start, end) =>
      sql`SELECT NULL::uuid AS k, m.underwriting_decision AS decision, btrim(m.underwriting_reason) AS reason,
                 1::bigint AS n, coalesce(m.monthly_volume, 0)::numeric AS v FROM merchants m
           WHERE m.deleted_at IS NULL AND m.decided_at >= ${start} AND m.decided_at < ${end}
             AND m.underwriting_decision <> 'pending' ${merchantFilters(scope)}`,
  );
}

/** Underwriting decisions taken in the range: approval and decline rates, and the reasons given. */
export async function decisionsReport(
  db: Db,
  scope: ReportScope,
  source: ReportSource = 'rollups',
): Promise<DecisionsReport> {
  const fromRollup = decidedFromRollup(scope, source === 'rollups' ? rollupSlice(scope) : null);
  // The decisions of the range, one row per merchant or per rollup key (n merchants).
  const rowsOfRange =
    fromRollup ??
    sql`SELECT m.underwriting_decision AS decision, btrim(m.underwriting_reason) AS reason, 1::bigint AS n FROM merchants m
         WHERE m.deleted_at IS NULL AND m.decided_at >= ${scope.start} AND m.decided_at < ${scope.end}
           AND m.underwriting_decision <> 'pending' ${merchantFilters(scope)}`;
  const [totals, reasons] = await Promise.all([
    rowsOf<{ decision: 'approved' | 'declined'; n: number }>(
      db,
      sql`SELECT d.decision, sum(d.n)::int AS n FROM (${rowsOfRange}) d GROUP BY 1 HAVING sum(d.n) <> 0`,
    ),
    rowsOf<{ decision: 'approved' | 'declined'; reason: string; n: number }>(
      db,
      sql`SELECT d.decision, d.reason, sum(d.n)::int AS n FROM (${rowsOfRange}) d
           GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY n DESC, 1, 2 LIMIT ${DECISION_REASONS_LIMIT}`,
    ),
  ]);
  const count = (d: string) => Number(totals.find((t) => t.decision === d)?.n ?? 0);
  const approved = count('approved');
  const declined = count('declined');
  const decided = approved + declined;
  return {
    ...scopeMeta(scope),
    decided,
    approved,
    declined,
    approvalRate: ratio(approved, decided),
    declineRate: ratio(declined, decided),
    reasons: reasons.map((r) => ({ decision: r.decision, reason: r.reason, count: Number(r.n) })),
  };
}

function productionFromRows(db: Db, scope: ReportScope, by: ProductionDimension) {
  const key = sql.raw(`m.${DIMENSIONS[by].column}`);
  const grouped = (where: SQL, extra = sql``) =>
    rowsOf<Grouped>(
      db,
      sql`SELECT ${key} AS k, count(*)::int AS n ${extra} FROM merchants m
           WHERE m.deleted_at IS NULL AND ${where} ${merchantFilters(scope)} GROUP BY 1`,
    );
  return Promise.all([
    grouped(sql`m.created_at >= ${scope.start} AND m.created_at < ${scope.end}`),
    grouped(
      sql`m.underwriting_decision = 'approved' AND m.decided_at >= ${scope.start} AND m.decided_at < ${scope.end}`,
      sql`, coalesce(sum(m.monthly_volume), 0) AS v`,
    ),
    // The go-live day is a calendar day already: compared as days, no zone.
    grouped(sql`m.go_live_on >= ${scope.from}::date AND m.go_live_on <= ${scope.to}::date`),
  ]);
}

/** The same three counts from the rollups' slice of the dimension, every value of it. */
function productionFromRollups(db: Db, scope: ReportScope, by: ProductionDimension) {
  const slice = sql`r.dim = ${DIMENSION_SLICE[by]}`;
  const key = sql.raw(`m.${DIMENSIONS[by].column}`);
  const created = rangeUnion(
    scope.start,
    scope.end,
    (firstDay, endDay) =>
      sql`SELECT r.dim_id AS k, r.n FROM report_new_merchants r WHERE ${slice} AND r.day >= ${firstDay} AND r.day < ${endDay}`,
    (start, end) =>
      sql`SELECT ${key} AS k, 1::bigint AS n FROM merchants m
           WHERE m.deleted_at IS NULL AND m.created_at >= ${start} AND m.created_at < ${end}`,
  );
  const approved = rangeUnion(
    scope.start,
    scope.end,
    (firstDay, endDay) =>
      sql`SELECT r.dim_id AS k, r.n, r.volume AS v FROM report_decisions r
           WHERE ${slice} AND r.decision = 'approved' AND r.day >= ${firstDay} AND r.day < ${endDay}`,
    (start, end) =>
      sql`SELECT ${key} AS k, 1::bigint AS n, coalesce(m.monthly_volume, 0)::numeric AS v FROM merchants m
           WHERE m.deleted_at IS NULL AND m.underwriting_decision = 'approved'
             AND m.decided_at >= ${start} AND m.decided_at < ${end}`,
  );
  return Promise.all([
    created
      ? rowsOf<Grouped>(db, sql`SELECT c.k, sum(c.n)::int AS n FROM (${created}) c GROUP BY 1 HAVING sum(c.n) <> 0`)
      : Promise.resolve([]),
    approved
      ? rowsOf<Grouped>(
          db,
          sql`SELECT c.k, sum(c.n)::int AS n, sum(c.v) AS v FROM (${approved}) c GROUP BY 1 HAVING sum(c.n) <> 0`,
        )
      : Promise.resolve([]),
    rowsOf<Grouped>(
      db,
      sql`SELECT r.dim_id AS k, sum(r.n)::int AS n FROM report_go_lives r
           WHERE ${slice} AND r.day >= ${scope.from}::date AND r.day <= ${scope.to}::date
           GROUP BY 1 HAVING sum(r.n) <> 0`,
    ),
  ]);
}

const DIMENSIONS: Record<ProductionDimension, { column: string; table: string; none: string }> = {
  agent: { column: 'agent_id', table: 'agent_accounts', none: 'No agent' },
  leadSource: { column: 'lead_source_id', table: 'lead_sources', none: 'No lead source' },
  industry: { column: 'industry_id', table: 'industries', none: 'No industry' },
  company: { column: 'company_id', table: 'companies', none: 'No company' },
};

type Grouped = { k: string | null; n: number | string; v?: string | number | null };

/**
 * Applications, approvals (with their expected monthly volume) and go-lives per agent, source, …:
 * without filters from the daily rollups of that dimension's slice (decision 051), with filters
 * (or source 'rows') from the merchants.
 */
export async function productionReport(
  db: Db,
  scope: ReportScope,
  by: ProductionDimension,
  source: ReportSource = 'rollups',
): Promise<ProductionReport> {
  const dim = DIMENSIONS[by];
  const useRollups = source === 'rollups' && !hasFilters(scope);
  const [applications, approvals, goLives] = useRollups
    ? await productionFromRollups(db, scope, by)
    : await productionFromRows(db, scope, by);
  const rows = new Map<string | null, ProductionReport['rows'][number]>();
  const row = (id: string | null) => {
    let r = rows.get(id);
    if (!r) {
      r = { id, name: '', applications: 0, approvals: 0, goLives: 0, approvedVolume: 0 };
      rows.set(id, r);
    }
    return r;
  };
  for (const a of applications) row(a.k).applications = Number(a.n);
  for (const a of approvals) {
    row(a.k).approvals = Number(a.n);
    row(a.k).approvedVolume = Number(a.v ?? 0);
  }
  for (const g of goLives) row(g.k).goLives = Number(g.n);

  const ids = [...rows.keys()].filter((id): id is string => id !== null);
  const names =
    ids.length === 0
      ? []
      : await rowsOf<{ id: string; name: string }>(
          db,
          sql`SELECT id, name FROM ${sql.raw(dim.table)}
               WHERE id IN (${sql.join(
                 ids.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )})`,
        );
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  for (const r of rows.values()) r.name = r.id === null ? dim.none : (nameOf.get(r.id) ?? r.id);

  return {
    ...scopeMeta(scope),
    by,
    rows: [...rows.values()].sort(
      (a, b) => b.applications - a.applications || b.approvals - a.approvals || a.name.localeCompare(b.name),
    ),
  };
}
