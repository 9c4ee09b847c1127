import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pausedBackUnderSla } from '../applications/sla-pause.ts';
import { rangeUnion } from './merchant-rollups.ts';
import { intervalMerchantScope, type ReportScope, rowsOf, type StageInfo } from './report-scope.ts';

/**
 * SLA counts from the rollups (decision 051): merchants over their stage's SLA now from
 * report_current_stages, and the breaches among stays begun in a range from report_stay_sla and
 * report_stay_entries. Whole UTC days come from the rollups, the partial days from the rows.
 */

const DAY_MS = 86_400_000;

function withSla(stages: StageInfo[]): (StageInfo & { slaHours: number })[] {
  return stages.filter((s): s is StageInfo & { slaHours: number } => s.slaHours !== null);
}

/**
 * Per stage with an SLA, the live merchants in it (in the slice, matching `filters` on m) that
 * entered it longer ago than the SLA: every whole UTC day before the cut-off from the rollup,
 * the cut-off's own day up to it from the merchants. Waiting time not taken off: see below.
 */
async function enteredBeforeSla(
  db: Db,
  stages: StageInfo[],
  slice: SQL,
  filters: SQL,
  now: Date,
): Promise<Map<string, number>> {
  const cuts = withSla(stages).map((s) => {
    const cutoff = now.getTime() - s.slaHours * 3_600_000;
    const day = Math.floor(cutoff / DAY_MS);
    return { id: s.id, day, dayStart: new Date(day * DAY_MS), cutoff: new Date(cutoff) };
  });
  if (cuts.length === 0) return new Map();
  const rows = await rowsOf<{ stage_id: string; n: number | string }>(
    db,
    sql`SELECT c.stage_id, sum(c.n)::int AS n FROM (
          SELECT r.stage_id, r.n FROM report_current_stages r
            JOIN (VALUES ${sql.join(
              cuts.map((c) => sql`(${c.id}::uuid, ${c.day}::int)`),
              sql`, `,
            )}) AS c(stage_id, day) ON r.stage_id = c.stage_id AND r.day < c.day
           WHERE ${slice}
          UNION ALL
          SELECT m.stage_id, 1::bigint FROM merchants m
            JOIN (VALUES ${sql.join(
              cuts.map((c) => sql`(${c.id}::uuid, ${c.dayStart}::timestamptz, ${c.cutoff}::timestamptz)`),
              sql`, `,
            )}) AS c(stage_id, s, e) ON m.stage_id = c.stage_id AND m.stage_entered_at >= c.s AND m.stage_entered_at < c.e
           WHERE m.deleted_at IS NULL ${filters}
        ) c GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
}

/**
 * Per stage with an SLA, the live merchants over it now: those that entered it longer ago than
 * the SLA (from the rollup) less those whose waiting time on an application brings them back
 * under it (docs/decisions/108, 123), narrowed by the same slice and `filters`.
 */
export async function overSlaFromRollup(
  db: Db,
  stages: StageInfo[],
  slice: SQL,
  filters: SQL,
  now: Date,
): Promise<Map<string, number>> {
  const [counts, pausedBack] = await Promise.all([
    enteredBeforeSla(db, stages, slice, filters, now),
    pausedBackUnderSla(db, now, filters),
  ]);
  for (const [stageId, n] of pausedBack) counts.set(stageId, Math.max(0, (counts.get(stageId) ?? 0) - n));
  return counts;
}
/**
 * Per stage with an SLA, the stays begun in the range and those that lasted longer than the SLA
 * (an open stay counts until `now`): closed breaches and entries by entry day from the rollups,
 * open stays from the rollup's open count up to each stage's cut-off (now − SLA).
 */
export async function slaStaysFromRollups(
  db: Db,
  scope: ReportScope,
  stages: StageInfo[],
  slice: SQL,
  now: Date,
): Promise<{ stage_id: string; entered: number; breached: number }[]> {
  const sla = withSla(stages);
  if (sla.length === 0) return [];
  const ids = sql.join(
    sla.map((s) => sql`${s.id}::uuid`),
    sql`, `,
  );
  const parts: (SQL | null)[] = [
    rangeUnion(
      scope.start,
      scope.end,
      (firstDay, endDay) =>
        sql`SELECT 'e' AS kind, r.stage_id, r.n FROM report_stay_entries r
             WHERE ${slice} AND r.stage_id IN (${ids}) AND r.day >= ${firstDay} AND r.day < ${endDay}`,
      (start, end) =>
        sql`SELECT 'e', i.stage_id, 1::bigint FROM merchant_stage_intervals i
             WHERE i.stage_id IN (${ids}) AND i.entered_at >= ${start} AND i.entered_at < ${end}
                   ${intervalMerchantScope(scope)}`,
    ),
    rangeUnion(
      scope.start,
      scope.end,
      (firstDay, endDay) =>
        sql`SELECT 'b', r.stage_id, r.breached FROM report_stay_sla r
             WHERE ${slice} AND r.stage_id IN (${ids}) AND r.day >= ${firstDay} AND r.day < ${endDay}`,
      (start, end) =>
        sql`SELECT 'b', i.stage_id, 1::bigint FROM merchant_stage_intervals i
              JOIN stages s ON s.id = i.stage_id
             WHERE i.stage_id IN (${ids}) AND i.entered_at >= ${start} AND i.entered_at < ${end}
               AND i.left_at - i.entered_at > make_interval(hours => s.sla_hours)
                   ${intervalMerchantScope(scope)}`,
    ),
  ];
  // Open stays breach once they began before now − SLA: the stages grouped by SLA share a cut-off.
  const byHours = new Map<number, string[]>();
  for (const s of sla) byHours.set(s.slaHours, [...(byHours.get(s.slaHours) ?? []), s.id]);
  for (const [hours, stageIds] of byHours) {
    const cutoff = new Date(now.getTime() - hours * 3_600_000);
    const end = cutoff < scope.end ? cutoff : scope.end;
    const these = sql.join(
      stageIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    parts.push(
      rangeUnion(
        scope.start,
        end,
        (firstDay, endDay) =>
          sql`SELECT 'b', r.stage_id, r.open FROM report_stay_sla r
               WHERE ${slice} AND r.stage_id IN (${these}) AND r.day >= ${firstDay} AND r.day < ${endDay}`,
        (start, edgeEnd) =>
          sql`SELECT 'b', i.stage_id, 1::bigint FROM merchant_stage_intervals i
               WHERE i.stage_id IN (${these}) AND i.left_at IS NULL AND i.entered_at >= ${start} AND i.entered_at < ${edgeEnd}
                     ${intervalMerchantScope(scope)}`,
      ),
    );
  }
  const union = sql.join(
    parts.filter((p): p is SQL => p !== null).map((p) => sql`${p}`),
    sql` UNION ALL `,
  );
  const rows = await rowsOf<{ kind: 'e' | 'b'; stage_id: string; n: number | string }>(
    db,
    sql`SELECT c.kind, c.stage_id, sum(c.n)::int AS n FROM (${union}) AS c(kind, stage_id, n) GROUP BY 1, 2`,
  );
  const byStage = new Map<string, { stage_id: string; entered: number; breached: number }>();
  for (const r of rows) {
    const row = byStage.get(r.stage_id) ?? { stage_id: r.stage_id, entered: 0, breached: 0 };
    if (r.kind === 'e') row.entered += Number(r.n);
    else row.breached += Number(r.n);
    byStage.set(r.stage_id, row);
  }
  return [...byStage.values()].filter((r) => r.entered > 0);
}
