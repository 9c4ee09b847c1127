import type { QueueList, QueueQuery } from '@boardwalk/shared/schemas/assignment';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { overSlaCondition } from '../merchants/list/merchant-list.service.ts';

/**
 * GET /api/me/queue: the merchants assigned to the caller, longest in their stage first, with the
 * SLA state the merchant list's over-SLA filter and /home's tiles use (overSlaCondition).
 */
export async function listMyQueue(db: Db, caller: Caller, query: QueueQuery): Promise<QueueList> {
  const mine = and(eq(merchants.assignedUserId, caller.actor.userId), isNull(merchants.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: merchants.id,
        dbaName: merchants.dbaName,
        stageId: stages.id,
        stageName: stages.name,
        pipeline: stages.pipeline,
        color: stages.color,
        stageEnteredAt: merchants.stageEnteredAt,
        slaHours: stages.slaHours,
        overSla: sql<boolean>`${overSlaCondition(caller.now)}`,
      })
      .from(merchants)
      .innerJoin(stages, eq(stages.id, merchants.stageId))
      .where(mine)
      .orderBy(asc(merchants.stageEnteredAt), asc(merchants.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(merchants).where(mine),
  ]);
  return {
    total: total?.n ?? 0,
    merchants: rows.map((r) => ({
      id: r.id,
      dbaName: r.dbaName,
      stage: { id: r.stageId, name: r.stageName, pipeline: r.pipeline, color: r.color },
      stageEnteredAt: r.stageEnteredAt.toISOString(),
      slaHours: r.slaHours,
      slaDueAt:
        r.slaHours === null ? null : new Date(r.stageEnteredAt.getTime() + r.slaHours * 3_600_000).toISOString(),
      overSla: Boolean(r.overSla),
    })),
  };
}
