import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationPauses } from '../../db/schema/application-intake.ts';

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
 * `since` (its stage entry) and `now`, each pause ending when it was closed or its request
 * expired. Every SLA figure subtracts this; it is 0 for a merchant never sent a request.
 */
export function pausedSeconds(merchantId: SQL | unknown, since: SQL | unknown, now: Date): SQL<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number>`COALESCE((
    SELECT sum(GREATEST(0, extract(epoch FROM
             LEAST(COALESCE(p.ended_at, ${at}), r.expires_at, ${at}) - GREATEST(p.started_at, ${since}))))
      FROM application_pauses p JOIN application_requests r ON r.id = p.request_id
     WHERE p.merchant_id = ${merchantId} AND p.started_at < ${at}), 0)`;
}
