import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ReportScope, rowsOf } from './report-scope.ts';

/**
 * The exact durations at given ranks of one stage's duration bucket (decisions 046, 054, 057):
 * the second and third steps of a time-in-stage percentile, after the bucket counts
 * (report_stay_exits) have said which bucket holds each rank.
 */

/** The `dim_id` of the unfiltered slice (`dim` 0) in report_stay_durations, whose key is NOT NULL. */
export const EVERY_MERCHANT = '00000000-0000-0000-0000-000000000000';

/** Ranks [from, to] of a bucket (0-based within it): which of its stays to read, in duration order. */
export type BucketRanks = { from: number; to: number };

/** A stage's bucket, and (without a filter) its stays at the range's edges per step. */
export type BucketAt = { stageId: string; bucket: number; edgeSteps?: Map<number, number> | undefined };

/** A range as whole UTC days [firstDay, endDay) and the instants at its edges (stage-rollups' dayCover). */
export type RankCover = { firstDay: number; endDay: number; edges: { start: Date; end: Date }[] };

/**
 * The durations (seconds) at ranks from..to of one stage's bucket, among one slice's stays that
 * ended in the range. Without a filter (`dim` 0, a bucket of every merchant's stays: up to 55,000
 * a year on the bench) the read starts at the step of the bucket that holds `from`
 * (report_stay_exit_steps, decision 057), so it reads at most a sixteenth of the bucket.
 */
export async function bucketSeconds(
  db: Db,
  scope: ReportScope,
  cover: RankCover,
  slice: { dim: number; id: string },
  at: BucketAt,
  w: BucketRanks,
): Promise<number[]> {
  const { stageId, bucket } = at;
  const start = slice.dim === 0 ? await stepHolding(db, cover, at, w.from) : { step: 0, before: 0 };
  return sliceBucketSeconds(db, scope, slice, stageId, bucket, start.step, {
    from: w.from - start.before,
    to: w.to - start.before,
  });
}

/**
 * The step of an unfiltered bucket that holds the rank, and how many of the range's stays of the
 * bucket lie in the steps before it: whole UTC days from report_stay_exit_steps, plus the partial
 * days at the edges as the bucket counts read them (so the two agree).
 */
async function stepHolding(
  db: Db,
  cover: RankCover,
  at: BucketAt,
  rank: number,
): Promise<{ step: number; before: number }> {
  const counts = new Map(at.edgeSteps);
  if (cover.firstDay < cover.endDay) {
    const rows = await rowsOf<{ step: number; n: number | string }>(
      db,
      sql`SELECT r.step, sum(r.n)::bigint AS n FROM report_stay_exit_steps r
           WHERE r.stage_id = ${at.stageId}::uuid AND r.bucket = ${at.bucket}
             AND r.day >= ${cover.firstDay} AND r.day < ${cover.endDay}
           GROUP BY 1`,
    );
    for (const row of rows) counts.set(Number(row.step), (counts.get(Number(row.step)) ?? 0) + Number(row.n));
  }
  let before = 0;
  for (const [step, n] of [...counts.entries()].sort((a, b) => a[0] - b[0])) {
    if (rank < before + n) return { step, before };
    before += n;
  }
  // Not reached while the steps and the bucket counts agree; reading the whole bucket is right anyway.
  return { step: 0, before: 0 };
}

/**
 * The durations at ranks from..to among one slice's stays of the bucket from the step `step` on
 * (report_stay_durations, decision 054): its key order is the slice, stage, bucket and duration,
 * so only the slice's stays of the bucket are read, from the step's first duration. A row counts
 * `n` stays of one duration and end, so ranks are counted by running sums.
 */
async function sliceBucketSeconds(
  db: Db,
  scope: ReportScope,
  slice: { dim: number; id: string },
  stageId: string,
  bucket: number,
  step: number,
  w: BucketRanks,
) {
  const rows = await rowsOf<{ s: string | number; upto: string | number }>(
    db,
    sql`SELECT x.s, x.upto FROM (
          SELECT d.seconds AS s, sum(d.n) OVER (ORDER BY d.seconds, d.left_at ROWS UNBOUNDED PRECEDING) AS upto
            FROM report_stay_durations d
           WHERE d.dim = ${slice.dim} AND d.dim_id = ${slice.id}::uuid AND d.stage_id = ${stageId}::uuid
             AND d.bucket = ${bucket} AND d.seconds >= report_duration_step_start(${bucket}::smallint, ${step}::smallint)
             AND d.left_at >= ${scope.start} AND d.left_at < ${scope.end} AND d.n > 0
           ORDER BY d.seconds, d.left_at) x
         WHERE x.upto > ${w.from}
         LIMIT ${w.to - w.from + 1}`,
  );
  // Rank k (from ≤ k ≤ to) is the first row whose running sum passes k.
  const seconds: number[] = [];
  let row = 0;
  for (let k = w.from; k <= w.to; k++) {
    while (Number(rows[row]!.upto) <= k) row++;
    seconds.push(Number(rows[row]!.s));
  }
  return seconds;
}
