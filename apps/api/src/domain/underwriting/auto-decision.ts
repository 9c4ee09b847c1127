import { RECOMMENDATION_LABELS, type Recommendation } from '@boardwalk/shared';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { screeningHits, merchantDecisions } from '../../db/schema/underwriting.ts';
import { ProblemError } from '../../lib/problem.ts';
import { inTransaction, lockMerchant, type MerchantRecord } from '../merchants/record/merchant-store.ts';
import { decideLocked } from './decision.service.ts';
import { loadScoreInputs } from './scorecard-inputs.ts';
import { scoreMerchant } from './scorecard-score.ts';
import { activeScorecard, withAutoDecisions } from './scorecard.service.ts';
import { decisionCarriedBy } from './stage-decision.ts';

/**
 * The scorecard's automatic decision (docs/decisions/116): run as a job right after a change of
 * the merchant commits (auto-decision-dispatch.ts), never inside it. It records the decision
 * through the one decision path a person's decision takes (decideLocked: the mapped stage, its
 * gate, the timeline, the audit), with the scorecard version as the actor.
 */

export type AutoDecisionOutcome =
  | { outcome: 'decided'; decision: 'approved' | 'declined'; scorecardVersion: number; score: number }
  | { outcome: 'skipped'; why: string }
  | { outcome: 'refused'; why: string };

/** The actor label of an automatic decision; listDecisions reads the version back from it. */
export const scorecardActorLabel = (card: { id: string; version: number }) => `scorecard:${card.id}:v${card.version}`;

const skipped = (why: string): AutoDecisionOutcome => ({ outcome: 'skipped', why });

/** A decision recorded since the merchant entered its stage: a person's (or an earlier automatic one) stands. */
async function decidedInThisStage(tx: Db, row: MerchantRecord) {
  const [found] = await tx
    .select({ id: merchantDecisions.id })
    .from(merchantDecisions)
    .where(and(eq(merchantDecisions.merchantId, row.id), gte(merchantDecisions.decidedAt, row.stageEnteredAt)))
    .limit(1);
  return found !== undefined;
}

/** An open or confirmed hit of any source (screening, the terminated list, an outside check). */
async function unresolvedHits(tx: Db, merchantId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(screeningHits)
    .where(and(eq(screeningHits.merchantId, merchantId), inArray(screeningHits.state, ['open', 'confirmed'])));
  return row?.n ?? 0;
}

const DECISION_OF: Partial<Record<Recommendation, 'approved' | 'declined'>> = {
  approve: 'approved',
  decline: 'declined',
};

/**
 * Scores the merchant as it is now with its pipeline's active version and, when that version has
 * automatic decisions on for the recommendation reached, records the decision. Skipped when the
 * merchant's stage already carries a decision (the move the decision itself made ends here, so
 * the job it causes does nothing), when any decision was recorded since it entered its stage (a
 * person's decision is never overridden), and for approve while a hit is open or confirmed.
 * Refused (nothing written) when the decision path says no: a gated stage, a hit found on entry.
 * Safe to run twice: the second run finds the decision of the first.
 */
export async function autoDecide(
  db: Db,
  merchantId: string,
  encryptionKey: string,
  now: Date,
): Promise<AutoDecisionOutcome> {
  try {
    return await inTransaction(db, async (tx) => {
      const row = await lockMerchant(tx, merchantId, { deleted: 'allow' });
      if (row.deletedAt !== null) return skipped('The merchant is deleted');
      const card = await activeScorecard(tx, row.pipeline);
      if (!card) return skipped('No scorecard is active for the pipeline');
      const thresholds = withAutoDecisions(card.thresholds);
      if (!thresholds.autoApprove.enabled && !thresholds.autoDecline.enabled)
        return skipped('Automatic decisions are off');
      if ((await decisionCarriedBy(tx, row.stageId, row.pipeline)) !== null)
        return skipped('The stage records a decision');
      if (await decidedInThisStage(tx, row)) return skipped('A decision was recorded in this stage');
      const [loaded] = await loadScoreInputs(tx, [merchantId], now);
      const { score, recommendation } = scoreMerchant(card, loaded!.inputs);
      const decision = DECISION_OF[recommendation];
      const setting = recommendation === 'approve' ? thresholds.autoApprove : thresholds.autoDecline;
      if (!decision || !setting.enabled || !setting.reasonCodeId) {
        return skipped(`${RECOMMENDATION_LABELS[recommendation]} is not decided automatically`);
      }
      if (decision === 'approved' && (await unresolvedHits(tx, merchantId)) > 0) {
        return skipped('An open or confirmed hit: never approved automatically');
      }
      const note = `Decided automatically by scorecard v${card.version}: score ${score}, ${RECOMMENDATION_LABELS[recommendation]}`;
      const by = { userId: null, now, audit: { actorLabel: scorecardActorLabel(card) } };
      await decideLocked(tx, row, { decision, reasonCodeId: setting.reasonCodeId, note }, by, encryptionKey);
      // Entering the stage may screen the merchant afresh (decision 111): a hit found then undoes it all.
      if (decision === 'approved' && (await unresolvedHits(tx, merchantId)) > 0) {
        throw new ProblemError(400, 'A hit was found on entering the stage: not approved automatically');
      }
      return { outcome: 'decided', decision, scorecardVersion: card.version, score };
    });
  } catch (error) {
    if (error instanceof ProblemError && error.status === 400) return { outcome: 'refused', why: error.message };
    throw error;
  }
}
