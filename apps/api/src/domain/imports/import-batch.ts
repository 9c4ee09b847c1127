import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantExternalIds, merchantImports } from '../../db/schema/merchant-imports.ts';
import { merchants, merchantStageIntervals } from '../../db/schema/merchants.ts';
import { sanctionsLists } from '../../db/schema/sanctions.ts';
import { terminatedIdentifiers } from '../../db/schema/underwriting.ts';
import { auditActor, writeAudits } from '../../lib/audit.ts';
import { recordDomainEvents, writeMerchantEvents } from '../merchants/record/merchant-events.ts';
import { stageRef, recordUpdate } from '../merchants/record/merchant-record.service.ts';
import { assertReferences, defaultStage } from '../merchants/record/merchant-refs.ts';
import { lockMerchant, type MerchantCaller } from '../merchants/record/merchant-store.ts';
import { createValues, referencesOf, sealNew, updateValues } from '../merchants/record/merchant-values.ts';
import { underwritingOnCreate, underwritingOnUpdate } from '../underwriting/record-hooks.ts';
import { planImport, type PlannedRow } from './import-plan.ts';

/** Rows written per transaction: progress moves on with each. */
export const IMPORT_BATCH = 1_000;

type Valid = PlannedRow & { input: NonNullable<PlannedRow['input']> };

/**
 * New merchants of one batch, the way createMerchant writes one (the same values, sealing,
 * stage interval, timeline entry, domain event and audit row, and the underwriting checks), with
 * one insert per table for the batch instead of one per merchant.
 */
async function createBatch(tx: Db, caller: MerchantCaller, rows: Valid[], quiet: boolean) {
  if (rows.length === 0) return;
  const { actor, now, encryptionKey } = caller;
  const stage = await defaultStage(tx);
  await underwritingOnCreate.before(tx, stage, undefined);
  const values = rows.map((row) => ({ row, ...createValues(row.input) }));
  const inserted = await tx
    .insert(merchants)
    .values(
      values.map(({ row, plain }) => ({
        ...plain,
        ...sealNew(row.input, encryptionKey),
        dbaName: row.input.dbaName,
        stageId: stage.id,
        pipeline: stage.pipeline,
        stageEnteredAt: now,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })),
    )
    .returning({ id: merchants.id });
  const ids = inserted.map((r) => r.id);
  const keyed = rows.flatMap((row, i) => (row.externalId ? [{ externalId: row.externalId, merchantId: ids[i]! }] : []));
  if (keyed.length) await tx.insert(merchantExternalIds).values(keyed);
  await tx.insert(merchantStageIntervals).values(
    ids.map((merchantId) => ({
      merchantId,
      stageId: stage.id,
      pipeline: stage.pipeline,
      enteredAt: now,
      enteredBy: actor.userId,
    })),
  );
  await writeMerchantEvents(
    tx,
    caller,
    ids.map((merchantId) => ({
      merchantId,
      type: 'created' as const,
      data: { toStage: stageRef(stage), summary: 'Imported from a spreadsheet' },
    })),
  );
  await recordDomainEvents(
    tx,
    caller,
    ids.map((subjectId) => ({
      type: 'merchant.created' as const,
      subjectId,
      payload: { stageId: stage.id, pipeline: stage.pipeline, source: 'import' },
    })),
    { quiet },
  );
  await writeAudits(
    tx,
    ids.map((subjectId, i) => ({
      action: 'merchant.create',
      outcome: 'success' as const,
      ...auditActor(actor),
      subjectType: 'merchant',
      subjectId,
      changes: {
        ...values[i]!.shown,
        stageId: { from: null, to: stage.id },
        owners: { from: null, to: 0 },
        source: 'import',
      },
      ip: caller.ip,
    })),
  );
  // The checks find nothing without a list to check against: one look per batch instead of
  // three queries per merchant (each check opens with the same look).
  if (await hasUnderwritingLists(tx)) {
    for (const id of ids) await underwritingOnCreate.after(tx, caller, id, stage);
  }
}

/** Whether a terminated identifier or an active sanctions list exists. */
async function hasUnderwritingLists(tx: Db): Promise<boolean> {
  const [terminated] = await tx.select({ id: terminatedIdentifiers.id }).from(terminatedIdentifiers).limit(1);
  if (terminated) return true;
  const [list] = await tx
    .select({ id: sanctionsLists.id })
    .from(sanctionsLists)
    .where(eq(sanctionsLists.active, true))
    .limit(1);
  return list !== undefined;
}

/** A merchant named by its external id: only what changes is written, as PATCH does. */
async function updateOne(tx: Db, caller: MerchantCaller, row: Valid): Promise<boolean> {
  const { draftId: _draft, owners: _owners, stageId: _stage, ...fields } = row.input;
  const stored = await lockMerchant(tx, row.merchantId!, { deleted: 'allow' });
  const { plain, sealed, changes } = updateValues(stored, fields, caller.encryptionKey);
  if (Object.keys(changes).length === 0) return false;
  await assertReferences(tx, referencesOf(plain));
  await underwritingOnUpdate.before(tx, stored, plain.underwritingDecision);
  await tx
    .update(merchants)
    .set({ ...plain, ...sealed, updatedAt: caller.now, updatedBy: caller.actor.userId })
    .where(eq(merchants.id, stored.id));
  await recordUpdate(tx, caller, stored.id, changes);
  await underwritingOnUpdate.after(tx, caller, stored.id, Object.keys(changes));
  return true;
}

export type ImportJob = Pick<typeof merchantImports.$inferSelect, 'id' | 'rows' | 'mapping' | 'quietAutomations'>;

/**
 * Batch number `batch` of an import in one transaction, with the progress that counts it: the
 * batch's number joins the finished ones only if it is not there yet (checked under the import
 * row's lock), so a batch run twice at once, by two attempts of the job, commits once.
 */
export async function runBatch(db: Db, job: ImportJob, batch: number, caller: MerchantCaller) {
  const slice = job.rows.slice(batch * IMPORT_BATCH, (batch + 1) * IMPORT_BATCH);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const planned = await planImport(tx, slice, job.mapping!, caller.encryptionKey, { duplicates: false });
    const valid = planned.filter((r): r is Valid => r.input !== undefined);
    await createBatch(
      tx,
      caller,
      valid.filter((r) => r.merchantId === null),
      job.quietAutomations,
    );
    let updated = 0;
    let unchanged = 0;
    for (const row of valid.filter((r) => r.merchantId !== null)) {
      if (await updateOne(tx, caller, row)) updated += 1;
      else unchanged += 1;
    }
    // Last, so the import row is locked only for the commit: two batches run side by side.
    const counted = await tx
      .update(merchantImports)
      .set({
        done: sql`${merchantImports.done} + ${slice.length}`,
        created: sql`${merchantImports.created} + ${valid.length - updated - unchanged}`,
        updated: sql`${merchantImports.updated} + ${updated}`,
        unchanged: sql`${merchantImports.unchanged} + ${unchanged}`,
        batchesDone: sql`array_append(${merchantImports.batchesDone}, ${batch}::int)`,
      })
      .where(and(eq(merchantImports.id, job.id), sql`not (${batch}::int = any(${merchantImports.batchesDone}))`))
      .returning({ id: merchantImports.id });
    if (counted.length === 0) throw new BatchAlreadyDone(batch);
  });
}

/** Another run committed this batch first: this run's writes of it are rolled back. */
export class BatchAlreadyDone extends Error {
  constructor(batch: number) {
    super(`Batch ${batch} was already imported`);
  }
}
