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
import { merchantFilters, ratio, type ReportScope, rowsOf, scopeMeta } from './report-scope.ts';

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

/** Merchants created in the range, per week or month of the zone's calendar. */
export async function newMerchantsReport(
  db: Db,
  scope: ReportScope,
  interval: NewMerchantInterval,
): Promise<NewMerchantsReport> {
  const starts = bucketStarts(scope, interval);
  // The zone is applied here, not in SQL: each bucket is bounded by the instant its day begins.
  const bounds = sql.join(
    starts.map((day) => sql`${dayStart(day, scope.tz)}::timestamptz`),
    sql`, `,
  );
  const rows = await rowsOf<{ b: number; n: number }>(
    db,
    sql`SELECT width_bucket(m.created_at, ARRAY[${bounds}]) AS b, count(*)::int AS n
          FROM merchants m
         WHERE m.deleted_at IS NULL AND m.created_at >= ${scope.start} AND m.created_at < ${scope.end}
               ${merchantFilters(scope)}
         GROUP BY 1`,
  );
  const counts = new Map(rows.map((r) => [Number(r.b), Number(r.n)]));
  const buckets = starts.map((start, i) => ({ start, count: counts.get(i + 1) ?? 0 }));
  return { ...scopeMeta(scope), interval, buckets, total: buckets.reduce((sum, b) => sum + b.count, 0) };
}

/** The most reason lines one answer lists (reasons are free text). */
export const DECISION_REASONS_LIMIT = 50;

/** Underwriting decisions taken in the range: approval and decline rates, and the reasons given. */
export async function decisionsReport(db: Db, scope: ReportScope): Promise<DecisionsReport> {
  const decidedInRange = sql`m.deleted_at IS NULL AND m.decided_at >= ${scope.start} AND m.decided_at < ${scope.end}
        AND m.underwriting_decision <> 'pending' ${merchantFilters(scope)}`;
  const [totals, reasons] = await Promise.all([
    rowsOf<{ decision: 'approved' | 'declined'; n: number }>(
      db,
      sql`SELECT m.underwriting_decision AS decision, count(*)::int AS n FROM merchants m
           WHERE ${decidedInRange} GROUP BY 1`,
    ),
    rowsOf<{ decision: 'approved' | 'declined'; reason: string; n: number }>(
      db,
      sql`SELECT m.underwriting_decision AS decision, btrim(m.underwriting_reason) AS reason, count(*)::int AS n
            FROM merchants m WHERE ${decidedInRange}
           GROUP BY 1, 2 ORDER BY n DESC, 1, 2 LIMIT ${DECISION_REASONS_LIMIT}`,
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

const DIMENSIONS: Record<ProductionDimension, { column: string; table: string; none: string }> = {
  agent: { column: 'agent_id', table: 'agent_accounts', none: 'No agent' },
  leadSource: { column: 'lead_source_id', table: 'lead_sources', none: 'No lead source' },
  industry: { column: 'industry_id', table: 'industries', none: 'No industry' },
  company: { column: 'company_id', table: 'companies', none: 'No company' },
};

/** Applications, approvals (with their expected monthly volume) and go-lives per agent, source, … */
export async function productionReport(db: Db, scope: ReportScope, by: ProductionDimension): Promise<ProductionReport> {
  const dim = DIMENSIONS[by];
  const key = sql.raw(`m.${dim.column}`);
  const grouped = (where: SQL, extra = sql``) =>
    rowsOf<{ k: string | null; n: number; v?: string | number | null }>(
      db,
      sql`SELECT ${key} AS k, count(*)::int AS n ${extra} FROM merchants m
           WHERE m.deleted_at IS NULL AND ${where} ${merchantFilters(scope)} GROUP BY 1`,
    );
  const [applications, approvals, goLives] = await Promise.all([
    grouped(sql`m.created_at >= ${scope.start} AND m.created_at < ${scope.end}`),
    grouped(
      sql`m.underwriting_decision = 'approved' AND m.decided_at >= ${scope.start} AND m.decided_at < ${scope.end}`,
      sql`, coalesce(sum(m.monthly_volume), 0) AS v`,
    ),
    // The go-live day is a calendar day already: compared as days, no zone.
    grouped(sql`m.go_live_on >= ${scope.from}::date AND m.go_live_on <= ${scope.to}::date`),
  ]);

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
