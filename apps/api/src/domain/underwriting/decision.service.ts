import { DECISION_OUTCOME_LABELS, type MerchantDecision, type RecordDecisionInput } from '@boardwalk/shared';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { stages } from '../../db/schema/stages.ts';
import { merchantDecisions, decisionStages, reasonCodes } from '../../db/schema/underwriting.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor } from '../../lib/audit.ts';
import { assertCurrentVersion } from '../../lib/crud/precondition.ts';
import { STALE_MERCHANT_DETAIL } from '../merchants/record/merchant-record.service.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';
import { stageById } from '../merchants/record/merchant-refs.ts';
import {
  inTransaction,
  lockMerchant,
  readMerchantDetail,
  type MerchantCaller,
  type MerchantRecord,
} from '../merchants/record/merchant-store.ts';
import { applyStageChange } from '../merchants/stage/merchant-stage.service.ts';
import { ProblemError } from '../../lib/problem.ts';
import { usableReason } from './reason-codes.service.ts';
import { decisionCarriedBy } from './stage-decision.ts';
import { writeDecision, type DecisionBy } from './write-decision.ts';

/**
 * POST /api/merchants/{id}/decision: the decision with its reason, in one transaction with the
 * merchant locked (decideLocked says what it does).
 */
export async function recordDecision(db: Db, caller: MerchantCaller, id: string, input: RecordDecisionInput) {
  await inTransaction(db, async (tx) => {
    const row = await lockMerchant(tx, id);
    if (input.updatedAt !== undefined) assertCurrentVersion(input.updatedAt, row.updatedAt, STALE_MERCHANT_DETAIL);
    const by = { userId: caller.actor.userId, now: caller.now, audit: { ...auditActor(caller.actor), ip: caller.ip } };
    await decideLocked(tx, row, input, by, caller.encryptionKey);
  });
  return readMerchantDetail(db, id);
}

/**
 * The one decision path, inside the caller's transaction with `row` locked: a person's decision
 * (recordDecision) and the scorecard's automatic one (auto-decision.ts) both come here. When the
 * merchant's pipeline maps the decision to a stage it is not in, the merchant moves there (the
 * stage change records the decision, so a move and a decision are one thing, and the stage's gate
 * applies); otherwise the decision is recorded where the merchant is.
 */
export async function decideLocked(
  tx: Db,
  row: MerchantRecord,
  input: Pick<RecordDecisionInput, 'decision' | 'reasonCodeId' | 'note'>,
  by: DecisionBy,
  encryptionKey: string,
) {
  const id = row.id;
  const reason = await usableReason(tx, input.reasonCodeId);
  const note = input.note ?? '';
  const [line] = await tx
    .select({ stageId: decisionStages.stageId })
    .from(decisionStages)
    .where(and(eq(decisionStages.pipeline, row.pipeline), eq(decisionStages.decision, input.decision)));
  if (line && line.stageId !== row.stageId) {
    await applyStageChange(tx, row, line.stageId, {
      ...by,
      ...(note ? { note } : {}),
      reason: { reasonCodeId: reason.id, encryptionKey, decision: input.decision },
    });
    return;
  }
  const here = await stageById(tx, row.stageId);
  const carried = await decisionCarriedBy(tx, here.id, row.pipeline);
  if (carried !== null && carried !== input.decision) {
    // The stage says one decision and the field would say another: the board and the tab would disagree.
    const message = `The merchant is in “${here.name}”, which records ${DECISION_OUTCOME_LABELS[carried]}: move it first`;
    throw new ProblemError(400, message, { errors: { decision: [message] } });
  }
  await writeDecision(tx, id, {
    decision: input.decision,
    reason,
    note,
    fromStageId: row.stageId,
    to: line ? { id: here.id, name: here.name } : null,
    by,
    encryptionKey,
  });
}

/** The scorecard version an automatic decision's actor label names (scorecardActorLabel), or null. */
function scorecardOf(actorLabel: string) {
  const match = /^scorecard:([0-9a-f-]{36}):v(\d+)$/.exec(actorLabel);
  return match ? { id: match[1]!, version: Number(match[2]) } : null;
}

/** GET /api/merchants/{id}/decisions: every decision, newest first. */
export async function listDecisions(db: Db, id: string): Promise<MerchantDecision[]> {
  const d = merchantDecisions;
  const toStage = alias(stages, 'to_stage');
  const rows = await db
    .select({
      id: d.id,
      merchantId: d.merchantId,
      decision: d.decision,
      reasonId: reasonCodes.id,
      code: reasonCodes.code,
      label: reasonCodes.label,
      kind: reasonCodes.kind,
      note: d.note,
      toStageId: toStage.id,
      toStageName: toStage.name,
      decidedById: users.id,
      decidedByName: userNameOf(users),
      actorLabel: d.actorLabel,
      decidedAt: d.decidedAt,
    })
    .from(d)
    .innerJoin(reasonCodes, eq(reasonCodes.id, d.reasonCodeId))
    .leftJoin(toStage, eq(toStage.id, d.toStageId))
    .leftJoin(users, eq(users.id, d.decidedBy))
    .where(eq(d.merchantId, id))
    .orderBy(desc(d.decidedAt), desc(d.id));
  return rows.map((r) => ({
    id: r.id,
    merchantId: r.merchantId,
    decision: r.decision,
    reasonCode: { id: r.reasonId, code: r.code, label: r.label, kind: r.kind },
    note: r.note,
    toStage: r.toStageId ? { id: r.toStageId, name: r.toStageName ?? '' } : null,
    decidedBy: r.decidedById ? { id: r.decidedById, name: r.decidedByName ?? '' } : null,
    actorLabel: r.actorLabel,
    scorecard: scorecardOf(r.actorLabel),
    decidedAt: r.decidedAt.toISOString(),
  }));
}
