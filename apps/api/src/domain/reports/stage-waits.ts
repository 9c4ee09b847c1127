import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pausedSecondsBetween } from '../applications/sla-pause.ts';
import { intervalMerchantScope, type ReportScope, rowsOf } from './report-scope.ts';

/**
 * Time in stage without the time the merchant held the application (docs/decisions/108 and 114).
 * The daily rollups count raw stays; the stays of a stage that waited on the merchant are few, so
 * such a stage is read again from its stays with the waiting time taken off (the one definition,
 * `pausedSecondsBetween`), and the others keep their rollup figures.
 */

export type StageTimes = { stage_id: string; n: number; median: number; p90: number };
export type StageWaits = { stage_id: string; n: number; seconds: number };

/**
 * A closed stay's waiting time: its merchant's pauses between its entry and its exit. A stay that
 * ended in the range ended before the range's end, so a pause still open counts up to the exit.
 */
const waited = (scope: ReportScope) =>
  pausedSecondsBetween(sql`i.merchant_id`, sql`i.entered_at`, sql`i.left_at`, scope.end);

/** Per stage, the stays ended in the range that waited on the merchant, and for how long in all. */
export function stageWaits(db: Db, scope: ReportScope): Promise<StageWaits[]> {
  return rowsOf<StageWaits>(
    db,
    sql`SELECT x.stage_id, count(*)::int AS n, sum(x.seconds)::float8 AS seconds FROM (
          SELECT i.stage_id, ${waited(scope)} AS seconds
            FROM merchant_stage_intervals i
           WHERE i.left_at >= ${scope.start} AND i.left_at < ${scope.end}
             AND i.merchant_id IN (SELECT p.merchant_id FROM application_pauses p)
                 ${intervalMerchantScope(scope)}) x
         WHERE x.seconds > 0
         GROUP BY 1`,
  );
}

/**
 * Median and 90th percentile (hours) of the stays ended in the range, waiting time taken off,
 * per stage; only the given stages when `stageIds` is set.
 */
export function stageTimesFromStays(db: Db, scope: ReportScope, stageIds?: string[]): Promise<StageTimes[]> {
  if (stageIds?.length === 0) return Promise.resolve([]);
  const only = stageIds
    ? sql`AND i.stage_id IN (${sql.join(
        stageIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<StageTimes>(
    db,
    sql`SELECT x.stage_id, count(*)::int AS n,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY x.seconds) / 3600 AS median,
               percentile_cont(0.9) WITHIN GROUP (ORDER BY x.seconds) / 3600 AS p90
          FROM (SELECT i.stage_id, extract(epoch FROM i.left_at - i.entered_at)
                       -- One hashed set of the merchants ever paused: the others' stays read no pause.
                       - CASE WHEN i.merchant_id IN (SELECT p.merchant_id FROM application_pauses p)
                              THEN ${waited(scope)} ELSE 0 END AS seconds
                  FROM merchant_stage_intervals i
                 WHERE i.left_at >= ${scope.start} AND i.left_at < ${scope.end} ${only}
                       ${intervalMerchantScope(scope)}) x
         GROUP BY x.stage_id`,
  );
}
