import type { MerchantBulkResult } from '@boardwalk/shared';
import type { Db } from '../../../db/client.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { assertReferences, enterableStage } from '../record/merchant-refs.ts';
import type { WriteOutcome } from '../record/merchant-record.service.ts';
import { changeMerchantAssignment, changeMerchantStage } from '../stage/merchant-stage.service.ts';
import type { MerchantCaller } from '../record/merchant-store.ts';
import { assertStageReason, stageEntryRules } from '../../underwriting/stage-decision.ts';

type BulkItem = MerchantBulkResult['results'][number];

/** An unexpected failure of one id: logged by the caller, answered without its details. */
export type OnUnexpected = (error: unknown, id: string) => void;

/**
 * Runs `change` for each id (duplicates once) in its own transaction, one after the other, and
 * answers per id: updated, unchanged, or failed with the status and detail the single-merchant
 * route would have answered. One failure never undoes or stops the others.
 */
async function eachMerchant(
  ids: string[],
  change: (id: string) => Promise<WriteOutcome>,
  onUnexpected: OnUnexpected,
): Promise<MerchantBulkResult> {
  const results: BulkItem[] = [];
  for (const id of new Set(ids)) {
    try {
      results.push({ id, outcome: await change(id), status: 200 });
    } catch (error) {
      if (error instanceof ProblemError) {
        const fieldMessage = Object.values(error.errors ?? {})[0]?.[0];
        results.push({ id, outcome: 'failed', status: error.status, detail: fieldMessage ?? error.message });
      } else {
        onUnexpected(error, id);
        results.push({
          id,
          outcome: 'failed',
          status: 500,
          detail: 'Something went wrong on our side. The error was logged.',
        });
      }
    }
  }
  return { results };
}

/** POST /api/merchants/bulk/stage: the stage is checked once (400 for all), then each merchant. */
export async function bulkChangeStage(
  db: Db,
  caller: MerchantCaller,
  input: { ids: string[]; stageId: string; note?: string | undefined; reasonCodeId?: string | undefined },
  onUnexpected: OnUnexpected,
): Promise<MerchantBulkResult> {
  const { ids, ...change } = input;
  // What entering the stage asks is read once, and a decision stage's reason checked once too
  // (docs/decisions/098), then the decision is recorded per merchant.
  const stage = await enterableStage(db, input.stageId);
  const entryRules = await stageEntryRules(db, stage);
  await assertStageReason(db, stage, entryRules, input.reasonCodeId);
  return eachMerchant(ids, (id) => changeMerchantStage(db, caller, id, { ...change, entryRules }), onUnexpected);
}

/** POST /api/merchants/bulk/assign: the assignee is checked once (400 for all), then each merchant. */
export async function bulkAssign(
  db: Db,
  caller: MerchantCaller,
  input: { ids: string[]; assignedUserId: string | null },
  onUnexpected: OnUnexpected,
): Promise<MerchantBulkResult> {
  await assertReferences(db, { assignedUserId: input.assignedUserId });
  return eachMerchant(
    input.ids,
    (id) => changeMerchantAssignment(db, caller, id, { assignedUserId: input.assignedUserId }),
    onUnexpected,
  );
}
