import { REPORT_FILTER_KEYS } from '@boardwalk/shared/schemas/report';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intervalMerchantScope, type ReportScope, rowsOf } from './report-scope.ts';
import { bucketSeconds, EVERY_MERCHANT } from './stage-ranks.ts';

/**
 * Reads of the daily stay rollups (report_stay_entries, report_stay_exits; decision 046). A range
 * is the whole UTC days inside it, summed from the rollups, plus the partial days at its edges,
 * counted from the stays themselves: exact in every zone, whatever its offset.
 */

const DAY_MS = 86_400_000;

/** The filters given, as rollup slices (`dim` 1 agent, 2 lead source, 3 industry, 4 company). */
function givenFilters(scope: ReportScope): { dim: number; id: string }[] {
  return REPORT_FILTER_KEYS.flatMap((key, i) => {
    const id = scope.filters[key];
    return id ? [{ dim: i + 1, id }] : [];
  });
}

/** The rollup slice a scope reads: every merchant, or the one filter given; null with two or more. */
export function rollupSlice(scope: ReportScope): SQL | null {
  const given = givenFilters(scope);
  if (given.length > 1) return null;
  if (given.length === 0) return sql`r.dim = 0 AND r.dim_id IS NULL`;
  const [{ dim, id }] = given as [{ dim: number; id: string }];
  return sql`r.dim = ${dim} AND r.dim_id = ${id}::uuid`;
}

export type DayCover = {
  /** Whole UTC days [firstDay, endDay) (day numbers: floor(epoch / 86400)); empty when equal. */
  firstDay: number;
  endDay: number;
  /** The instants before the first and after the last whole day, read from the stays. */
  edges: { start: Date; end: Date }[];
};

export function dayCover(start: Date, end: Date): DayCover {
  const firstDay = Math.ceil(start.getTime() / DAY_MS);
  const endDay = Math.floor(end.getTime() / DAY_MS);
  if (firstDay >= endDay) return { firstDay: 0, endDay: 0, edges: [{ start, end }] };
  const edges = [];
  if (start.getTime() < firstDay * DAY_MS) edges.push({ start, end: new Date(firstDay * DAY_MS) });
  if (endDay * DAY_MS < end.getTime()) edges.push({ start: new Date(endDay * DAY_MS), end });
  return { firstDay, endDay, edges };
}

type StageStep = { stage_id: string; next_stage_id: string | null; n: number | string };

/**
 * Stays begun in the range per (stage, stage of the merchant's next stay), and the stays begun in
 * it whose next stay began after it (they did not move on within the range: taken away again).
 */
export async function stageStepsFromRollups(
  db: Db,
  scope: ReportScope,
  slice: SQL,
): Promise<{ steps: StageStep[]; after: StageStep[] }> {
  const cover = dayCover(scope.start, scope.end);
  const whole =
    cover.firstDay < cover.endDay
      ? rowsOf<StageStep>(
          db,
          sql`SELECT r.stage_id, r.next_stage_id, sum(r.n)::bigint AS n FROM report_stay_entries r
               WHERE ${slice} AND r.day >= ${cover.firstDay} AND r.day < ${cover.endDay}
               GROUP BY 1, 2 HAVING sum(r.n) <> 0`,
        )
      : Promise.resolve([]);
  // The edge at the range's end (its last partial day: today, for most ranges) is read in one
  // ordered pass over the stays begun from its start on, each with the one after it (decision
  // 057: the bench's last day began 41,000 stays, and a lookup of the next stay per stay took
  // 213 ms); what began after the range is read anyway below. The edge at its start, a day or
  // less a range ago, keeps a lookup per stay (an ordered pass would read the whole range).
  const edges = cover.edges.map((edge) =>
    rowsOf<StageStep>(
      db,
      edge.end.getTime() === scope.end.getTime()
        ? sql`SELECT x.stage_id, x.next_stage_id, count(*)::int AS n FROM (
                SELECT i.stage_id, i.entered_at,
                       lead(i.stage_id) OVER (PARTITION BY i.merchant_id
                                              ORDER BY i.entered_at, i.left_at NULLS LAST, i.stage_id) AS next_stage_id
                  FROM merchant_stage_intervals i
                 WHERE i.entered_at >= ${edge.start} ${intervalMerchantScope(scope)}) x
               WHERE x.entered_at < ${edge.end}
               GROUP BY 1, 2`
        : sql`SELECT i.stage_id,
                 (SELECT j.stage_id FROM merchant_stage_intervals j
                   WHERE j.merchant_id = i.merchant_id AND j.entered_at > i.entered_at
                   ORDER BY j.entered_at LIMIT 1) AS next_stage_id,
                 count(*)::int AS n
            FROM merchant_stage_intervals i
           WHERE i.entered_at >= ${edge.start} AND i.entered_at < ${edge.end} ${intervalMerchantScope(scope)}
           GROUP BY 1, 2`,
    ),
  );
  // A stay begun in the range whose next stay began at or after its end: each such next stay t
  // has as its previous stay one begun in the range. None when nothing began after the range.
  const after = rowsOf<StageStep>(
    db,
    sql`SELECT p.stage_id, t.stage_id AS next_stage_id, count(*)::int AS n
          FROM merchant_stage_intervals t
          CROSS JOIN LATERAL (
            SELECT p.stage_id, p.entered_at FROM merchant_stage_intervals p
             WHERE p.merchant_id = t.merchant_id AND p.entered_at < t.entered_at
             ORDER BY p.entered_at DESC LIMIT 1) p
         WHERE t.entered_at >= ${scope.end} AND p.entered_at >= ${scope.start} AND p.entered_at < ${scope.end}
               ${intervalMerchantScope(scope, 't')}
         GROUP BY 1, 2`,
  );
  const [wholeRows, afterRows, ...edgeRows] = await Promise.all([whole, after, ...edges]);
  return { steps: [...wholeRows, ...edgeRows.flat()], after: afterRows };
}

/** The hours of the stays of one stage that ended in the range, at the given ranks (0-based, in order). */
type StageExits = { count: number; valueAt: (ranks: number[]) => Promise<Map<number, number>> };

/**
 * Per stage, how many stays ended in the range, and a reader of the exact duration (seconds) at
 * any rank: the bucket counts say which bucket holds a rank, and that bucket's stays are read in
 * duration order from the slice's durations (migration 0018; the unfiltered slice since 0020,
 * decision 057), so no percentile is approximated.
 */
export async function stageExitsFromRollups(db: Db, scope: ReportScope, slice: SQL): Promise<Map<string, StageExits>> {
  const cover = dayCover(scope.start, scope.end);
  const given = givenFilters(scope);
  type Row = { stage_id: string; bucket: number; n: number | string };
  const whole =
    cover.firstDay < cover.endDay
      ? rowsOf<Row>(
          db,
          sql`SELECT r.stage_id, r.bucket, sum(r.n)::bigint AS n FROM report_stay_exits r
               WHERE ${slice} AND r.day >= ${cover.firstDay} AND r.day < ${cover.endDay}
               GROUP BY 1, 2 HAVING sum(r.n) <> 0`,
        )
      : Promise.resolve([]);
  // The partial days at the edges, from the stays. Without a filter, from the unfiltered slice's
  // durations instead (decision 057: by end, from an index alone, merchants already live), and
  // per step of their bucket as well, where the unfiltered rank reads start.
  const edges = cover.edges.map((edge) =>
    rowsOf<Row & { step: number }>(
      db,
      given.length === 0
        ? sql`SELECT d.stage_id, d.bucket, report_duration_step(d.seconds) AS step, sum(d.n)::bigint AS n
                FROM report_stay_durations d
               WHERE d.dim = 0 AND d.left_at >= ${edge.start} AND d.left_at < ${edge.end}
               GROUP BY 1, 2, 3`
        : sql`SELECT i.stage_id, report_duration_bucket(i.entered_at, i.left_at) AS bucket, 0 AS step, count(*)::int AS n
                FROM merchant_stage_intervals i
               WHERE i.left_at >= ${edge.start} AND i.left_at < ${edge.end} ${intervalMerchantScope(scope)}
               GROUP BY 1, 2`,
    ),
  );
  const [wholeRows, ...edgeRows] = await Promise.all([whole, ...edges]);

  const bucketsOf = new Map<string, Map<number, number>>();
  const edgeSteps = new Map<string, Map<number, number>>();
  for (const row of [...wholeRows, ...edgeRows.flat()]) {
    const buckets = bucketsOf.get(row.stage_id) ?? new Map<number, number>();
    buckets.set(Number(row.bucket), (buckets.get(Number(row.bucket)) ?? 0) + Number(row.n));
    bucketsOf.set(row.stage_id, buckets);
  }
  for (const row of edgeRows.flat()) {
    const key = `${row.stage_id} ${row.bucket}`;
    const steps = edgeSteps.get(key) ?? new Map<number, number>();
    steps.set(Number(row.step), (steps.get(Number(row.step)) ?? 0) + Number(row.n));
    edgeSteps.set(key, steps);
  }

  // The ranks are read from the slice's own stays (report_stay_durations): every merchant's, or
  // the one filter's (rollupSlice gives no slice with two filters or more).
  const durations = given.length === 1 ? given[0]! : { dim: 0, id: EVERY_MERCHANT };
  const result = new Map<string, StageExits>();
  for (const [stageId, buckets] of bucketsOf) {
    const ordered = [...buckets.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
    const count = ordered.reduce((sum, [, n]) => sum + n, 0);
    if (count === 0) continue;
    const valueAt = async (ranks: number[]) => {
      // Which bucket holds each rank, and its place within the bucket.
      const wanted = new Map<number, { from: number; to: number; ranks: number[] }>();
      for (const rank of ranks) {
        let before = 0;
        for (const [bucket, n] of ordered) {
          if (rank < before + n) {
            const within = rank - before;
            const w = wanted.get(bucket) ?? { from: within, to: within, ranks: [] };
            w.from = Math.min(w.from, within);
            w.to = Math.max(w.to, within);
            w.ranks.push(rank);
            wanted.set(bucket, w);
            break;
          }
          before += n;
        }
      }
      const values = new Map<number, number>();
      await Promise.all(
        [...wanted.entries()].map(async ([bucket, w]) => {
          const at = { stageId, bucket, edgeSteps: edgeSteps.get(`${stageId} ${bucket}`) };
          const seconds = await bucketSeconds(db, scope, cover, durations, at, w);
          let before = 0;
          for (const [b, n] of ordered) {
            if (b === bucket) break;
            before += n;
          }
          for (const rank of w.ranks) values.set(rank, seconds[rank - before - w.from]!);
        }),
      );
      return values;
    };
    result.set(stageId, { count, valueAt });
  }
  return result;
}

/** percentile_cont as PostgreSQL computes it (linear between the two ranks around p × (n − 1)). */
export async function percentileCont(exits: StageExits, fractions: number[]): Promise<number[]> {
  const positions = fractions.map((p) => p * (exits.count - 1));
  const ranks = [...new Set(positions.flatMap((pos) => [Math.floor(pos), Math.ceil(pos)]))];
  const values = await exits.valueAt(ranks);
  return positions.map((pos) => {
    const lo = values.get(Math.floor(pos))!;
    const hi = values.get(Math.ceil(pos))!;
    return Math.floor(pos) === Math.ceil(pos) ? lo : lo + (hi - lo) * (pos - Math.floor(pos));
  });
}
