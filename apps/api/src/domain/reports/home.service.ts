import { overSlaAfterPauses } from '../applications/sla-pause.ts';
import { HOME_ACTIVITY_LIMIT, HOME_KPI_DAYS, type HomeKpi, type HomeSummary } from '@boardwalk/shared/schemas/home';
import { MESSAGE_CHANNELS, MESSAGE_OUTCOMES } from '@boardwalk/shared/schemas/message';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, type StageInfo, stageRef, stagesInOrder } from './report-scope.ts';
import { bucketCounts } from './merchant-rollups.ts';
import { overSlaFromRollup } from './sla-rollups.ts';

const DAY_MS = 86_400_000;

/** Live merchants per stage matching `where` (m = merchants), as counts by stage id. */
async function countsByStage(db: Db, where: SQL): Promise<Map<string, number>> {
  const rows = await rowsOf<{ stage_id: string; n: number }>(
    db,
    sql`SELECT m.stage_id, count(*)::int AS n FROM merchants m WHERE m.deleted_at IS NULL AND ${where} GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
}

/**
 * Per stage with an SLA, the live merchants (matching `who`; null: every merchant, counted from
 * the rollup of decision 051) that entered it longer ago than the SLA.
 */
async function overSla(db: Db, stages: StageInfo[], who: SQL | null, now: Date) {
  const counts = who
    ? await overSlaFromMerchants(db, who, now)
    : await overSlaFromRollup(db, stages, EVERY_MERCHANT, sql``, now);
  return stages
    .filter((s) => s.slaHours !== null && (counts.get(s.id) ?? 0) > 0)
    .map((s) => ({
      ...stageRef(s),
      count: counts.get(s.id)!,
      slaHours: s.slaHours!,
      enteredBefore: new Date(now.getTime() - s.slaHours! * 3_600_000).toISOString(),
    }));
}

const EVERY_MERCHANT = sql`r.dim = 0 AND r.dim_id IS NULL`;

async function overSlaFromMerchants(db: Db, who: SQL, now: Date): Promise<Map<string, number>> {
  const rows = await rowsOf<{ stage_id: string; n: number }>(
    db,
    sql`SELECT s.id AS stage_id,
               (SELECT count(*) FROM merchants m
                 WHERE m.stage_id = s.id AND m.deleted_at IS NULL AND ${who}
                   AND m.stage_entered_at < ${now}::timestamptz - make_interval(hours => s.sla_hours)
                   AND ${overSlaAfterPauses(sql`m.id`, sql`m.stage_entered_at`, sql`s.sla_hours`, now)})::int AS n
          FROM stages s WHERE s.sla_hours IS NOT NULL AND s.deleted_at IS NULL`,
  );
  return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
}

async function kpis(db: Db, now: Date): Promise<HomeSummary['kpis']> {
  const currentStart = new Date(now.getTime() - HOME_KPI_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * HOME_KPI_DAYS * DAY_MS);
  type Pair = { cur: number | null; prev: number | null };
  // Counts from the daily rollups of decision 051 (whole UTC days, the partial ones from the rows).
  const bounds = [previousStart, currentStart, now];
  const asPair = ([prev, cur]: number[]): Pair[] => [{ cur: cur ?? 0, prev: prev ?? 0 }];
  const [created, approved, live, median] = await Promise.all([
    bucketCounts(
      db,
      bounds,
      (firstDay, lastDay) =>
        sql`SELECT r.day, sum(r.n)::bigint AS n FROM report_new_merchants r
             WHERE ${EVERY_MERCHANT} AND r.day >= ${firstDay} AND r.day <= ${lastDay} GROUP BY 1`,
      (pieces) =>
        sql`SELECT p.k, count(*)::int AS n FROM ${pieces} JOIN merchants m ON m.created_at >= p.s AND m.created_at < p.e
             WHERE m.deleted_at IS NULL GROUP BY 1`,
    ).then(asPair),
    bucketCounts(
      db,
      bounds,
      (firstDay, lastDay) =>
        sql`SELECT r.day, sum(r.n)::bigint AS n FROM report_decisions r
             WHERE ${EVERY_MERCHANT} AND r.decision = 'approved' AND r.day >= ${firstDay} AND r.day <= ${lastDay} GROUP BY 1`,
      (pieces) =>
        sql`SELECT p.k, count(*)::int AS n FROM ${pieces} JOIN merchants m ON m.decided_at >= p.s AND m.decided_at < p.e
             WHERE m.deleted_at IS NULL AND m.underwriting_decision = 'approved' GROUP BY 1`,
    ).then(asPair),
    // Go-live is a calendar day: the periods' days in UTC.
    rowsOf<Pair>(
      db,
      sql`SELECT coalesce(sum(r.n) FILTER (WHERE r.day >= ${day(currentStart)}::date), 0)::int AS cur,
                 coalesce(sum(r.n) FILTER (WHERE r.day < ${day(currentStart)}::date), 0)::int AS prev
            FROM report_go_lives r
           WHERE ${EVERY_MERCHANT} AND r.day >= ${day(previousStart)}::date AND r.day <= ${day(now)}::date`,
    ),
    rowsOf<Pair>(
      db,
      sql`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.decided_at - m.created_at))
                   FILTER (WHERE m.decided_at >= ${currentStart}) / 86400 AS cur,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.decided_at - m.created_at))
                   FILTER (WHERE m.decided_at < ${currentStart}) / 86400 AS prev
            FROM merchants m
           WHERE m.deleted_at IS NULL AND m.underwriting_decision = 'approved'
             AND m.decided_at >= ${previousStart} AND m.decided_at < ${now}`,
    ),
  ]);
  const pair = (rows: Pair[]): HomeKpi => ({
    current: rows[0]?.cur == null ? null : Number(rows[0].cur),
    previous: rows[0]?.prev == null ? null : Number(rows[0].prev),
  });
  return {
    periodDays: HOME_KPI_DAYS,
    currentStart: currentStart.toISOString(),
    previousStart: previousStart.toISOString(),
    newApplications: pair(created),
    approvals: pair(approved),
    goLives: pair(live),
    medianDaysToApprove: pair(median),
  };
}

function day(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** An email event's channel and outcome (`logged`: stored only, decision 082), as its timeline entry says. */
function messageOf(type: string, channel: string | null, outcome: string | null) {
  if (type !== 'email') return null;
  const known = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
    list.includes(value as T) ? (value as T) : fallback;
  return { channel: known(MESSAGE_CHANNELS, channel, 'email'), outcome: known(MESSAGE_OUTCOMES, outcome, 'sent') };
}

/** The last timeline entries on the caller's merchants, newest first. */
async function recentActivity(db: Db, userId: string): Promise<HomeSummary['recentActivity']> {
  const rows = await rowsOf<{
    id: string;
    merchant_id: string;
    dba_name: string;
    type: string;
    actor_name: string | null;
    at: Date | string;
    message_channel: string | null;
    message_outcome: string | null;
  }>(
    db,
    sql`SELECT e.id, e.merchant_id, m.dba_name, e.type, e.at,
               e.data->>'channel' AS message_channel, e.data->>'messageStatus' AS message_outcome,
               CASE WHEN u.id IS NULL THEN NULL
                    ELSE coalesce(nullif(u.display_name, ''), btrim(u.first_name || ' ' || u.last_name)) END AS actor_name
          FROM merchants m
          JOIN merchant_events e ON e.merchant_id = m.id
          LEFT JOIN users u ON u.id = e.actor_user_id
         WHERE m.assigned_user_id = ${userId}::uuid AND m.deleted_at IS NULL
         ORDER BY e.at DESC, e.id DESC
         LIMIT ${HOME_ACTIVITY_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    merchantId: r.merchant_id,
    dbaName: r.dba_name,
    type: r.type,
    actorName: r.actor_name,
    at: new Date(r.at).toISOString(),
    message: messageOf(r.type, r.message_channel, r.message_outcome),
  }));
}

/** Everything /home shows for one user; `teamSla` says whether they see every merchant over SLA. */
export async function homeSummary(db: Db, user: { userId: string; teamSla: boolean }, now: Date): Promise<HomeSummary> {
  const mine = sql`m.assigned_user_id = ${user.userId}::uuid`;
  const stages = await stagesInOrder(db);
  const [myCounts, overSlaMine, overSlaAll, activity, kpiValues] = await Promise.all([
    countsByStage(db, mine),
    overSla(db, stages, mine, now),
    user.teamSla ? overSla(db, stages, null, now) : Promise.resolve(null),
    recentActivity(db, user.userId),
    kpis(db, now),
  ]);
  return {
    myStages: stages
      .filter((s) => (myCounts.get(s.id) ?? 0) > 0)
      .map((s) => ({ ...stageRef(s), count: myCounts.get(s.id)! })),
    overSlaMine,
    overSlaAll,
    recentActivity: activity,
    kpis: kpiValues,
  };
}
