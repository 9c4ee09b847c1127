import { DECISION_OUTCOME_LABELS, type DecisionOutcome, type Pipeline } from '@boardwalk/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decisionStages } from '../../db/schema/underwriting.ts';
import { ProblemError } from '../../lib/problem.ts';
import { stageAssignmentRules, type AssignmentRuleRow } from '../assignment/apply-assignment-rules.ts';
import { usableReason } from './reason-codes.service.ts';
import { refuseWhenHit, sanctionsGated, screenedOnEntry } from './screening-gate.ts';
import { screenMerchant } from './screening.service.ts';
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
  /** What entering the stage asks, when the caller read it already (a bulk change reads it once). */
  entryRules?: StageEntryRules;
};

type StageOf = { id: string; name: string; pipeline: Pipeline };

type DecisionLine = { pipeline: Pipeline; decision: DecisionOutcome };

/**
 * What entering a stage asks: the decisions it carries per pipeline, whether the sanctions gate
 * guards it, whether entering it screens the merchant afresh (decision 111), and the assignment
 * rules that may pick an assignee (decision 104).
 */
export type StageEntryRules = {
  decisionLines: DecisionLine[];
  sanctionsGated: boolean;
  screenOnEntry: boolean;
  assignmentRules: AssignmentRuleRow[];
};

async function decisionLines(db: Db, stageId: string): Promise<DecisionLine[]> {
  return db
    .select({ pipeline: decisionStages.pipeline, decision: decisionStages.decision })
    .from(decisionStages)
    .where(eq(decisionStages.stageId, stageId))
    .orderBy(asc(decisionStages.pipeline));
}

/** Read once by a bulk change for all its merchants, or by each single change. */
export async function stageEntryRules(db: Db, to: StageOf): Promise<StageEntryRules> {
  return {
    decisionLines: await decisionLines(db, to.id),
    sanctionsGated: await sanctionsGated(db, to.pipeline),
    screenOnEntry: await screenedOnEntry(db, to.pipeline),
    assignmentRules: await stageAssignmentRules(db, to),
  };
}

/** The decision of the lines for a merchant coming from `fromPipeline`: that pipeline's line, else any. */
const carriedFrom = (lines: DecisionLine[], fromPipeline?: Pipeline) =>
  (lines.find((l) => l.pipeline === fromPipeline) ?? lines[0])?.decision ?? null;

/** The decision a stage carries for a merchant coming from `fromPipeline`. */
export async function decisionCarriedBy(db: Db, stageId: string, fromPipeline?: Pipeline) {
  return carriedFrom(await decisionLines(db, stageId), fromPipeline);
}

function reasonMissing(stageName: string, decision: DecisionOutcome): never {
  const message = `Choose a reason: entering “${stageName}” records the decision ${DECISION_OUTCOME_LABELS[decision]}`;
  throw new ProblemError(400, message, { errors: { reasonCodeId: [message] } });
}

/** The bulk stage change checks once, before any merchant: a decision stage needs a usable reason. */
export async function assertStageReason(db: Db, stage: StageOf, rules: StageEntryRules, reasonCodeId?: string) {
  const decision = carriedFrom(rules.decisionLines);
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
  rules: StageEntryRules,
) {
  // Screening on entry and the sanctions gate share this hook: every route that moves a merchant
  // passes here. Screened first, so a hit found now keeps the merchant out of a gated stage.
  if (rules.screenOnEntry && by.reason) {
    await screenMerchant(tx, merchantId, by.reason.encryptionKey, { userId: by.userId, now: by.now, audit: by.audit });
  }
  if (rules.sanctionsGated) await refuseWhenHit(tx, merchantId, to);
  const decision = by.reason?.decision ?? carriedFrom(rules.decisionLines, from.pipeline);
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
