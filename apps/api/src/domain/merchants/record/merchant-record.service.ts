import type { CreateMerchantInput, UpdateMerchantInput } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantDrafts, merchantOwners, merchants, merchantStageIntervals } from '../../../db/schema/merchants.ts';
import { writeAudit } from '../../../lib/audit.ts';
import { assertCurrentVersion } from '../../../lib/crud/precondition.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { recordDomainEvent, writeMerchantEvent } from './merchant-events.ts';
import { withDraftValues } from '../drafts/merchant-draft-values.ts';
import { ownerColumns } from '../owners/merchant-owner-row.ts';
import { assertReferences, defaultStage, enterableStage, withReferenceNames } from './merchant-refs.ts';
import { inTransaction, lockMerchant, type MerchantCaller, type MerchantRecord } from './merchant-store.ts';
import { writerAudit, type RecordWriter } from './record-writer.ts';
import { underwritingOnCreate, underwritingOnUpdate } from '../../underwriting/record-hooks.ts';
import { createValues, referencesOf, sealNew, updateValues, type FieldChanges } from './merchant-values.ts';
import { notifyAssigned } from '../../notifications/notification-events.ts';

export const STALE_MERCHANT_DETAIL =
  'This merchant was changed by someone else since you opened it. Reload it to see their changes.';

export type WriteOutcome = 'updated' | 'unchanged';

export async function auditMerchant(
  tx: Db,
  caller: RecordWriter,
  action: string,
  merchantId: string,
  changes: Record<string, unknown>,
) {
  await writeAudit(tx, {
    action: `merchant.${action}`,
    outcome: 'success',
    ...writerAudit(caller.actor),
    subjectType: 'merchant',
    subjectId: merchantId,
    changes,
    ip: caller.ip,
  });
}

export const stageRef = (s: { id: string; name: string; pipeline: (typeof merchants.$inferSelect)['pipeline'] }) => ({
  id: s.id,
  name: s.name,
  pipeline: s.pipeline,
});

/**
 * POST /api/merchants. One transaction: the merchant (in the given stage or the default one),
 * its owners, the first stage interval, the timeline's `created`, the `merchant.created` domain
 * event, the audit row, and the caller's own draft it was typed in (deleted; its sealed values
 * fill the sensitive fields not typed again). Returns the new id.
 */
export async function createMerchant(db: Db, caller: MerchantCaller, sent: CreateMerchantInput): Promise<string> {
  const { actor, now, encryptionKey } = caller;
  return inTransaction(db, async (tx) => {
    // Sensitive values entered in the draft and not typed again come from the draft (decision 074).
    const input = await withDraftValues(tx, caller, sent);
    const owners = input.owners ?? [];
    const stage = input.stageId ? await enterableStage(tx, input.stageId) : await defaultStage(tx);
    const { plain, shown } = createValues(input);
    await assertReferences(tx, referencesOf(plain));
    await underwritingOnCreate.before(tx, stage, plain.underwritingDecision);
    const decided = plain.underwritingDecision !== undefined && plain.underwritingDecision !== 'pending';
    const [row] = await tx
      .insert(merchants)
      .values({
        ...plain,
        assignedManually: (plain.assignedUserId ?? null) !== null,
        ...sealNew(input, encryptionKey),
        dbaName: input.dbaName,
        stageId: stage.id,
        pipeline: stage.pipeline,
        stageEnteredAt: now,
        decidedBy: decided ? actor.userId : null,
        decidedAt: decided ? now : null,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: merchants.id });
    const id = row!.id;
    if (owners.length > 0) {
      await tx.insert(merchantOwners).values(
        owners.map((owner, position) => ({
          ...ownerColumns(owner, encryptionKey),
          merchantId: id,
          position,
          createdAt: now,
          updatedAt: now,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })),
      );
    }
    await tx.insert(merchantStageIntervals).values({
      merchantId: id,
      stageId: stage.id,
      pipeline: stage.pipeline,
      enteredAt: now,
      enteredBy: actor.userId,
    });
    await writeMerchantEvent(tx, caller, id, 'created', { toStage: stageRef(stage) });
    await recordDomainEvent(tx, caller, 'merchant.created', id, { stageId: stage.id, pipeline: stage.pipeline });
    await auditMerchant(tx, caller, 'create', id, {
      ...shown,
      stageId: { from: null, to: stage.id },
      owners: { from: null, to: owners.length },
    });
    if (input.draftId) {
      await tx
        .delete(merchantDrafts)
        .where(and(eq(merchantDrafts.id, input.draftId), eq(merchantDrafts.userId, actor.userId)));
    }
    await underwritingOnCreate.after(tx, caller, id, stage);
    await notifyAssigned(tx, { merchantId: id, userId: plain.assignedUserId ?? null, byUserId: actor.userId, at: now });
    return id;
  });
}

export function assertBodyId(bodyId: string | undefined, id: string) {
  if (bodyId !== undefined && bodyId !== id) {
    const message = 'The record id does not match the address it was sent to';
    throw new ProblemError(400, message, { errors: { id: [message] } });
  }
}

/**
 * PATCH /api/merchants/{id}: only what really changes is written; sensitive values are sealed
 * again with fingerprints renewed; a new underwriting decision records who decided and when.
 * The timeline's `updated` and the audit row show the changes, sensitive ones masked.
 */
export async function updateMerchant(
  db: Db,
  caller: MerchantCaller,
  id: string,
  input: UpdateMerchantInput,
): Promise<WriteOutcome> {
  const { id: bodyId, updatedAt, ...fields } = input;
  assertBodyId(bodyId, id);
  return inTransaction(db, async (tx) => {
    const row = await lockMerchant(tx, id);
    assertCurrentVersion(updatedAt, row.updatedAt, STALE_MERCHANT_DETAIL);
    return writeMerchantFields(tx, caller, row, fields);
  });
}

/**
 * The body of an update, on a row the caller locked: the one path by which a merchant's fields
 * change, whether staff type them or the merchant's application brings them (its intake,
 * docs/decisions/108, with the applicant as the writer).
 */
export async function writeMerchantFields(
  tx: Db,
  writer: RecordWriter,
  row: MerchantRecord,
  fields: Omit<UpdateMerchantInput, 'id' | 'updatedAt'>,
): Promise<WriteOutcome> {
  const { actor, now, encryptionKey } = writer;
  const id = row.id;
  const { plain, sealed, changes } = updateValues(row, fields, encryptionKey);
  if (Object.keys(changes).length === 0) return 'unchanged';
  await assertReferences(tx, referencesOf(plain));
  await underwritingOnUpdate.before(tx, row, plain.underwritingDecision);
  const decision =
    plain.underwritingDecision === undefined
      ? {}
      : plain.underwritingDecision === 'pending'
        ? { decidedBy: null, decidedAt: null }
        : { decidedBy: actor.userId, decidedAt: now };
  await tx
    .update(merchants)
    .set({ ...plain, ...manualAssignment(plain), ...sealed, ...decision, updatedAt: now, updatedBy: actor.userId })
    .where(eq(merchants.id, id));
  await recordUpdate(tx, writer, id, changes);
  await underwritingOnUpdate.after(tx, writer, id, Object.keys(changes));
  if ('assignedUserId' in changes) {
    await notifyAssigned(tx, { merchantId: id, userId: plain.assignedUserId ?? null, byUserId: actor.userId, at: now });
  }
  return 'updated';
}

/** The timeline entry, domain event and audit row of changed merchant fields. */
export async function recordUpdate(tx: Db, caller: RecordWriter, id: string, changes: FieldChanges) {
  await writeMerchantEvent(tx, caller, id, 'updated', { changes: await withReferenceNames(tx, changes) });
  await recordDomainEvent(tx, caller, 'merchant.updated', id, { fields: Object.keys(changes) });
  await auditMerchant(tx, caller, 'update', id, changes);
}

/** DELETE /api/merchants/{id}: soft; deleting a deleted merchant again changes nothing. */
export async function deleteMerchant(db: Db, caller: MerchantCaller, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockMerchant(tx, id, { deleted: 'allow' });
    if (row.deletedAt !== null) return;
    await setDeleted(tx, caller, id, caller.now);
    await writeMerchantEvent(tx, caller, id, 'deleted');
    await auditMerchant(tx, caller, 'delete', id, { deletedAt: { from: null, to: caller.now }, dbaName: row.dbaName });
  });
}

/** POST /api/merchants/{id}/restore: undoes a delete; a live merchant is left as it is. */
export async function restoreMerchant(db: Db, caller: MerchantCaller, id: string): Promise<WriteOutcome> {
  return inTransaction(db, async (tx) => {
    const row = await lockMerchant(tx, id, { deleted: 'allow' });
    if (row.deletedAt === null) return 'unchanged';
    await setDeleted(tx, caller, id, null);
    await writeMerchantEvent(tx, caller, id, 'restored');
    await auditMerchant(tx, caller, 'restore', id, { deletedAt: { from: row.deletedAt, to: null } });
    return 'updated';
  });
}

async function setDeleted(tx: Db, caller: MerchantCaller, id: string, deletedAt: Date | null) {
  await tx
    .update(merchants)
    .set({ deletedAt, updatedAt: caller.now, updatedBy: caller.actor.userId })
    .where(eq(merchants.id, id));
}

/** An assignee a person writes is a manual assignment: rules leave it alone (decision 104). */
function manualAssignment(plain: { assignedUserId?: string | null }) {
  return plain.assignedUserId === undefined ? {} : { assignedManually: plain.assignedUserId !== null };
}
