import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants, merchantStageIntervals } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';
import { assertCurrentVersion } from '../../lib/crud/precondition.ts';
import { recordDomainEvent, writeMerchantEvent } from './merchant-events.ts';
import { assertReferences, enterableStage, stageById } from './merchant-refs.ts';
import { auditMerchant, stageRef, STALE_MERCHANT_DETAIL, type WriteOutcome } from './merchant-record.service.ts';
import { userNameOf } from './merchant-row.ts';
import { inTransaction, lockMerchant, type MerchantCaller } from './merchant-store.ts';

/**
 * POST /api/merchants/{id}/stage, one transaction with the merchant locked: the merchant's stage,
 * pipeline (its view) and stage_entered_at; the open stage interval closed and a new one opened;
 * the timeline's `stage_changed`; the `merchant.stage_changed` domain event; the audit row.
 * The same stage again changes nothing. `updatedAt`, when sent, must not be stale.
 */
export async function changeMerchantStage(
  db: Db,
  caller: MerchantCaller,
  id: string,
  input: { stageId: string; updatedAt?: string | undefined },
): Promise<WriteOutcome> {
  const { actor, now } = caller;
  return inTransaction(db, async (tx) => {
    const row = await lockMerchant(tx, id);
    if (row.stageId === input.stageId) return 'unchanged';
    if (input.updatedAt !== undefined) assertCurrentVersion(input.updatedAt, row.updatedAt, STALE_MERCHANT_DETAIL);
    const to = await enterableStage(tx, input.stageId);
    const from = await stageById(tx, row.stageId);
    await tx
      .update(merchants)
      .set({ stageId: to.id, pipeline: to.pipeline, stageEnteredAt: now, updatedAt: now, updatedBy: actor.userId })
      .where(eq(merchants.id, id));
    await tx
      .update(merchantStageIntervals)
      .set({ leftAt: now, leftBy: actor.userId })
      .where(and(eq(merchantStageIntervals.merchantId, id), isNull(merchantStageIntervals.leftAt)));
    await tx.insert(merchantStageIntervals).values({
      merchantId: id,
      stageId: to.id,
      pipeline: to.pipeline,
      enteredAt: now,
      enteredBy: actor.userId,
    });
    await writeMerchantEvent(tx, caller, id, 'stage_changed', { fromStage: stageRef(from), toStage: stageRef(to) });
    await recordDomainEvent(tx, caller, 'merchant.stage_changed', id, {
      fromStageId: from.id,
      toStageId: to.id,
      fromPipeline: from.pipeline,
      toPipeline: to.pipeline,
    });
    await auditMerchant(tx, caller, 'stage_change', id, {
      stageId: { from: from.id, to: to.id },
      pipeline: { from: from.pipeline, to: to.pipeline },
    });
    return 'updated';
  });
}

async function userName(tx: Db, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx
    .select({ name: userNameOf(users) })
    .from(users)
    .where(eq(users.id, id));
  return row?.name ?? null;
}

/**
 * POST /api/merchants/{id}/assignment: the user responsible for the merchant (an active staff
 * user) or nobody. The timeline's `assigned` names both; automations see `merchant.updated`.
 */
export async function changeMerchantAssignment(
  db: Db,
  caller: MerchantCaller,
  id: string,
  input: { assignedUserId: string | null; updatedAt?: string | undefined },
): Promise<WriteOutcome> {
  const { actor, now } = caller;
  return inTransaction(db, async (tx) => {
    const row = await lockMerchant(tx, id);
    if (row.assignedUserId === input.assignedUserId) return 'unchanged';
    if (input.updatedAt !== undefined) assertCurrentVersion(input.updatedAt, row.updatedAt, STALE_MERCHANT_DETAIL);
    await assertReferences(tx, { assignedUserId: input.assignedUserId });
    await tx
      .update(merchants)
      .set({ assignedUserId: input.assignedUserId, updatedAt: now, updatedBy: actor.userId })
      .where(eq(merchants.id, id));
    const fromName = await userName(tx, row.assignedUserId);
    const toName = await userName(tx, input.assignedUserId);
    const changes = { assignedUserId: { from: row.assignedUserId, to: input.assignedUserId } };
    await writeMerchantEvent(tx, caller, id, 'assigned', {
      changes: { assignee: { from: fromName, to: toName } },
      summary: toName === null ? 'Unassigned' : `Assigned to ${toName}`,
    });
    await recordDomainEvent(tx, caller, 'merchant.updated', id, { fields: ['assignedUserId'] });
    await auditMerchant(tx, caller, 'assign', id, changes);
    return 'updated';
  });
}
