import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SlaPause } from '@boardwalk/shared/schemas/application';
import type { Db } from '../../db/client.ts';
import { applicationPauses } from '../../db/schema/application-intake.ts';
import { findMerchant } from '../merchants/notes/merchant-notes.service.ts';

/**
 * The stage SLA clock stops while the merchant has the application (docs/decisions/108): from
 * the moment a request is sent until it is signed or revoked, or its link expires. One row per
 * open period (a request sent back after signing opens another).
 */

export async function openPause(tx: Db, request: { id: string; merchantId: string }, at: Date): Promise<void> {
  const [open] = await tx
    .select({ id: applicationPauses.id })
    .from(applicationPauses)
    .where(and(eq(applicationPauses.requestId, request.id), isNull(applicationPauses.endedAt)));
  if (open) return;
  await tx
    .insert(applicationPauses)
    .values({ merchantId: request.merchantId, requestId: request.id, startedAt: at, createdAt: at, updatedAt: at });
}

export async function closePause(tx: Db, requestId: string, at: Date): Promise<void> {
  await tx
    .update(applicationPauses)
    .set({ endedAt: at, updatedAt: at })
    .where(and(eq(applicationPauses.requestId, requestId), isNull(applicationPauses.endedAt)));
}

/**
 * The one definition of the waiting time: the seconds of a merchant's pauses that fall between
 * `since` (its stage entry) and `until` (its stage exit, or `now`), each pause ending when it was
 * closed or its request expired, and no later than `now`. Every SLA and time-in-stage figure
 * subtracts this; it is 0 for a merchant never sent a request.
 */
export function pausedSecondsBetween(
  merchantId: SQL | AnyColumn,
  since: SQL | AnyColumn,
  until: SQL | AnyColumn,
  now: Date,
): SQL<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number>`COALESCE((
    SELECT sum(GREATEST(0, extract(epoch FROM
             LEAST(COALESCE(p.ended_at, ${at}), r.expires_at, ${at}, ${until}) - GREATEST(p.started_at, ${since}))))
      FROM application_pauses p JOIN application_requests r ON r.id = p.request_id
     WHERE p.merchant_id = ${merchantId} AND p.started_at < ${at} AND p.started_at < ${until}), 0)`;
}

/** The waiting time of the current stage stay: from `since` (its stage entry) until `now`. */
export function pausedSeconds(merchantId: SQL | AnyColumn, since: SQL | AnyColumn, now: Date): SQL<number> {
  return pausedSecondsBetween(merchantId, since, sql`${now.toISOString()}::timestamptz`, now);
}

/**
 * Still over its stage's SLA once the waiting time is taken off: `enteredAt` + paused < now − SLA.
 * Callers test the plain SLA first (cheap, indexed); this subtracts the pauses for those rows only.
 */
export function overSlaAfterPauses(
  merchantId: SQL | AnyColumn,
  enteredAt: SQL | AnyColumn,
  slaHours: SQL,
  now: Date,
): SQL {
  return sql`(${enteredAt} + make_interval(secs => ${pausedSeconds(merchantId, enteredAt, now)})
              < ${now.toISOString()}::timestamptz - make_interval(hours => ${slaHours}))`;
}

/**
 * Per stage, the live merchants a count without pauses calls over SLA that the pauses bring back
 * under it: the rollups count every merchant (decision 051), and the few with a pause are
 * corrected here rather than in every rollup. `filters` narrows the merchants (`AND m.…`) as the
 * count it corrects was narrowed.
 */
export async function pausedBackUnderSla(db: Db, now: Date, filters: SQL = sql``): Promise<Map<string, number>> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result: unknown = await db.execute(sql`
    SELECT m.stage_id, count(*)::int AS n
      FROM merchants m JOIN stages s ON s.id = m.stage_id AND s.sla_hours IS NOT NULL AND s.deleted_at IS NULL
     WHERE m.deleted_at IS NULL ${filters}
       AND m.id IN (SELECT p.merchant_id FROM application_pauses p)
       AND m.stage_entered_at < ${at} - make_interval(hours => s.sla_hours)
       AND NOT ${overSlaAfterPauses(sql`m.id`, sql`m.stage_entered_at`, sql`s.sla_hours`, now)}
     GROUP BY 1`);
  const rows = (result as { rows: { stage_id: string; n: number }[] }).rows;
  return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
}

/** The merchant page's figure: the current stay's waiting time, and since when it waits now. */
export async function readSlaPause(db: Db, merchantId: string, now: Date): Promise<SlaPause> {
  await findMerchant(db, merchantId, 'read');
  const at = sql`${now.toISOString()}::timestamptz`;
  const result: unknown = await db.execute(sql`
    SELECT ${pausedSeconds(sql`m.id`, sql`m.stage_entered_at`, now)}::float8 AS paused,
           (SELECT min(p.started_at) FROM application_pauses p JOIN application_requests r ON r.id = p.request_id
             WHERE p.merchant_id = m.id AND p.ended_at IS NULL AND r.expires_at > ${at} AND p.started_at <= ${at}
           ) AS since
      FROM merchants m WHERE m.id = ${merchantId}::uuid`);
  const [row] = (result as { rows: { paused: number | string; since: Date | string | null }[] }).rows;
  const since = row?.since ?? null;
  return {
    pausedSeconds: Math.floor(Number(row?.paused ?? 0)),
    waitingSince: since === null ? null : new Date(since).toISOString(),
  };
}
