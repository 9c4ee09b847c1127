import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { domainEvents, merchantEvents, merchants, merchantStageIntervals } from '../../../db/schema/merchants.ts';
import { users } from '../../../db/schema/users.ts';
import { auditActor, writeAudit, type AuditEntry } from '../../../lib/audit.ts';
import { assertCurrentVersion } from '../../../lib/crud/precondition.ts';
import { recordDomainEvent, writeMerchantEvent } from '../record/merchant-events.ts';
import { assertReferences, enterableStage, stageById } from '../record/merchant-refs.ts';
import {
  auditMerchant,
  stageRef,
  STALE_MERCHANT_DETAIL,
  type WriteOutcome,
} from '../record/merchant-record.service.ts';
import { userNameOf } from '../record/merchant-row.ts';
import { applyAssignmentRules } from '../../assignment/apply-assignment-rules.ts';
import { notifyAssigned } from '../../notifications/notification-events.ts';
import {
  recordStageDecision,
  stageEntryRules,
  type StageEntryRules,
  type StageReason,
} from '../../underwriting/stage-decision.ts';
import { inTransaction, lockMerchant, type MerchantCaller, type MerchantRecord } from '../record/merchant-store.ts';

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
  input: {
    stageId: string;
    updatedAt?: string | undefined;
    note?: string | undefined;
    reasonCodeId?: string | undefined;
    /** A bulk change's rules of the stage, read once for all its merchants. */
    entryRules?: StageEntryRules;
  },
): Promise<WriteOutcome> {
  return inTransaction(db, async (tx) => {
    const row = await lockMerchant(tx, id);
    if (row.stageId === input.stageId) return 'unchanged';
    if (input.updatedAt !== undefined) assertCurrentVersion(input.updatedAt, row.updatedAt, STALE_MERCHANT_DETAIL);
    await applyStageChange(tx, row, input.stageId, {
      userId: caller.actor.userId,
      now: caller.now,
      audit: { ...auditActor(caller.actor), ip: caller.ip },
      ...(input.note ? { note: input.note } : {}),
      reason: { reasonCodeId: input.reasonCodeId, encryptionKey: caller.encryptionKey, entryRules: input.entryRules },
    });
    return 'updated';
  });
}

/** Who changes a stage: a person (their id) or the workflow (no user; its audit label and event data). */
export type StageChangeBy = {
  userId: string | null;
  now: Date;
  audit: Pick<AuditEntry, 'actorUserId' | 'actorTokenId' | 'actorLabel' | 'ip'>;
  /** Extra data for the domain event (an automation's chain depth and cause). */
  eventData?: Record<string, unknown>;
  /** The person's note on why: kept in the timeline event with the change. */
  note?: string;
  /** A stage that carries a decision needs its reason (docs/decisions/098). */
  reason?: StageReason;
};

/**
 * The stage change itself, inside the caller's transaction with `row` locked (lockMerchant):
 * everything changeMerchantStage describes. The automations' change_stage action calls it too,
 * so a move by the workflow leaves the same timeline, intervals and domain event.
 */
export async function applyStageChange(
  tx: Db,
  row: MerchantRecord,
  stageId: string,
  by: StageChangeBy,
): Promise<{ from: StageRow; to: StageRow }> {
  const { now, userId } = by;
  const id = row.id;
  const to = await enterableStage(tx, stageId);
  const from = await stageById(tx, row.stageId);
  await tx.insert(merchantEvents).values({
    merchantId: id,
    type: 'stage_changed',
    actorUserId: userId,
    data: { fromStage: stageRef(from), toStage: stageRef(to), ...(by.note ? { note: by.note } : {}) },
    at: now,
  });
  await tx.insert(domainEvents).values({
    type: 'merchant.stage_changed',
    subjectId: id,
    payload: {
      fromStageId: from.id,
      toStageId: to.id,
      fromPipeline: from.pipeline,
      toPipeline: to.pipeline,
      ...by.eventData,
      actorUserId: userId,
    },
    occurredAt: now,
  });
  await writeAudit(tx, {
    action: 'merchant.stage_change',
    outcome: 'success',
    ...by.audit,
    subjectType: 'merchant',
    subjectId: id,
    changes: { stageId: { from: from.id, to: to.id }, pipeline: { from: from.pipeline, to: to.pipeline } },
  });
  // The decision a stage carries (decision 098) before the shared rows are taken, below.
  // What entering the stage asks, read here unless a bulk change read it once for all.
  const entry = by.reason?.entryRules ?? (await stageEntryRules(tx, to));
  await recordStageDecision(tx, id, from, to, by, entry);
  // The entered stage's assignment rule (decision 104): its lock, too, before the shared rows; its
  // pick is written by the update of the merchant below.
  const assigned = await applyAssignmentRules(tx, { merchant: row, stage: to }, by, entry.assignmentRules);
  if ('assignedUserId' in assigned) {
    const via = `By an assignment rule, entering ${to.name}`;
    await notifyAssigned(tx, { merchantId: id, userId: assigned.assignedUserId, byUserId: null, via, at: now });
  }
  // Last, right before the commit: the triggers of these statements update rows that every
  // stage change of the same stages shares (merchant_counts, the report rollups), and a row
  // updated stays locked until the commit. Taken first, they were held through the inserts above,
  // and concurrent changes queued behind each other (decision 095). The merchant's own row first:
  // writing its new version may merge a trigram index's pending list (seconds, now and then), which
  // must not happen while holding the shared rows; its AFTER triggers take them once it is written.
  await tx
    .update(merchants)
    .set({ stageId: to.id, pipeline: to.pipeline, stageEnteredAt: now, ...assigned, updatedAt: now, updatedBy: userId })
    .where(eq(merchants.id, id));
  await tx
    .update(merchantStageIntervals)
    .set({ leftAt: now, leftBy: userId })
    .where(and(eq(merchantStageIntervals.merchantId, id), isNull(merchantStageIntervals.leftAt)));
  await tx.insert(merchantStageIntervals).values({
    merchantId: id,
    stageId: to.id,
    pipeline: to.pipeline,
    enteredAt: now,
    enteredBy: userId,
  });
  return { from, to };
}

type StageRow = Awaited<ReturnType<typeof stageById>>;

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
      .set({
        assignedUserId: input.assignedUserId,
        // A person chose: assignment rules leave it alone until someone clears it (decision 104).
        assignedManually: input.assignedUserId !== null,
        updatedAt: now,
        updatedBy: actor.userId,
      })
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
    await notifyAssigned(tx, { merchantId: id, userId: input.assignedUserId, byUserId: actor.userId, at: now });
    return 'updated';
  });
}
