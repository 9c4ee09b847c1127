import { DECISION_OUTCOME_LABELS, type DecisionOutcome, type Pipeline } from '@boardwalk/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decisionStages } from '../../db/schema/underwriting.ts';
import { ProblemError } from '../../lib/problem.ts';
import { usableReason } from './reason-codes.service.ts';
import { refuseSanctionedEntry } from './screening-gate.ts';
import { writeDecision, type DecisionBy } from './write-decision.ts';

/**
 * The hook of every stage change (docs/decisions/098): a stage that carries a decision is entered
 * only with a reason, and entering it records the decision. Kept apart from the stage service so
 * that the stage change itself stays one call.
 */

/** What a stage change brings for a decision: the reason code, and the key for the terminated list. */
export type StageReason = {
  reasonCodeId?: string | undefined;
  encryptionKey: string;
  /** Set by the decision route: the decision being recorded (otherwise the stage's own). */
  decision?: DecisionOutcome;
};

type StageOf = { id: string; name: string; pipeline: Pipeline };

/** The decision a stage carries for a merchant coming from `fromPipeline`: that pipeline's line, else any. */
export async function decisionCarriedBy(db: Db, stageId: string, fromPipeline?: Pipeline) {
  const lines = await db
    .select({ pipeline: decisionStages.pipeline, decision: decisionStages.decision })
    .from(decisionStages)
    .where(eq(decisionStages.stageId, stageId))
    .orderBy(asc(decisionStages.pipeline));
  return (lines.find((l) => l.pipeline === fromPipeline) ?? lines[0])?.decision ?? null;
}

function reasonMissing(stageName: string, decision: DecisionOutcome): never {
  const message = `Choose a reason: entering “${stageName}” records the decision ${DECISION_OUTCOME_LABELS[decision]}`;
  throw new ProblemError(400, message, { errors: { reasonCodeId: [message] } });
}

/** The bulk stage change checks once, before any merchant: a decision stage needs a usable reason. */
export async function assertStageReason(db: Db, stage: StageOf, reasonCodeId: string | undefined) {
  const decision = await decisionCarriedBy(db, stage.id);
  if (decision === null) return;
  if (reasonCodeId === undefined) reasonMissing(stage.name, decision);
  await usableReason(db, reasonCodeId);
}

/** Creating a merchant straight into a decision stage would skip the decision: refused. */
export async function refuseDecisionStageOnCreate(db: Db, stage: StageOf) {
  if ((await decisionCarriedBy(db, stage.id)) === null) return;
  const message = `“${stage.name}” records a decision: create the merchant, then record the decision with its reason`;
  throw new ProblemError(400, message, { errors: { stageId: [message] } });
}

/**
 * Inside the stage change's transaction, after the move: when `to` carries a decision (or the
 * decision route names one), the reason must come with it and the decision is written.
 */
export async function recordStageDecision(
  tx: Db,
  merchantId: string,
  from: StageOf,
  to: StageOf,
  by: DecisionBy & { note?: string | undefined; reason?: StageReason | undefined },
) {
  // The sanctions gate shares this hook: every route that moves a merchant passes here.
  await refuseSanctionedEntry(tx, merchantId, to);
  const decision = by.reason?.decision ?? (await decisionCarriedBy(tx, to.id, from.pipeline));
  if (decision === null) return;
  const reasonCodeId = by.reason?.reasonCodeId;
  if (reasonCodeId === undefined || by.reason === undefined) return reasonMissing(to.name, decision);
  const reason = await usableReason(tx, reasonCodeId);
  await writeDecision(tx, merchantId, {
    decision,
    reason,
    note: by.note ?? '',
    fromStageId: from.id,
    to,
    by,
    encryptionKey: by.reason.encryptionKey,
  });
}
