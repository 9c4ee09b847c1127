import {
  BACKTEST_DECISIONS,
  BACKTEST_DISAGREEMENT_PAGE,
  RECOMMENDATIONS,
  type BacktestInput,
  type BacktestResult,
  type MerchantScore,
  type Recommendation,
} from '@boardwalk/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { scorecards } from '../../db/schema/scorecards.ts';
import { stages } from '../../db/schema/stages.ts';
import { merchantDecisions, reasonCodes } from '../../db/schema/underwriting.ts';
import { ProblemError } from '../../lib/problem.ts';
import { merchantNotFound } from '../merchants/record/merchant-store.ts';
import { loadScoreInputs } from './scorecard-inputs.ts';
import { scoreMerchant } from './scorecard-score.ts';
import { activeScorecard } from './scorecard.service.ts';

/**
 * GET /api/merchants/{id}/score: the active version of the merchant's pipeline applied to the
 * record as it is now. Computed on every read, never stored, so it cannot be stale; nothing is
 * decided from it (docs/decisions/103).
 */
export async function merchantScore(db: Db, merchantId: string, now: Date): Promise<MerchantScore> {
  const [loaded] = await loadScoreInputs(db, [merchantId], now);
  if (!loaded) throw merchantNotFound();
  const card = await activeScorecard(db, loaded.pipeline);
  const empty = { score: null, recommendation: null, reasonCodes: [], lines: [], computedAt: now.toISOString() };
  if (!card) {
    return { ...empty, scorecard: null, notes: [`No scorecard is active for the ${loaded.pipeline} pipeline.`] };
  }
  const result = scoreMerchant(card, loaded.inputs);
  const reasons = result.reasonCodeIds.length
    ? await db
        .select({ id: reasonCodes.id, code: reasonCodes.code, label: reasonCodes.label })
        .from(reasonCodes)
        .where(inArray(reasonCodes.id, result.reasonCodeIds))
    : [];
  return {
    scorecard: { id: card.id, version: card.version, pipeline: card.pipeline },
    score: result.score,
    recommendation: result.recommendation,
    reasonCodes: reasons,
    lines: result.lines,
    notes: loaded.notes,
    computedAt: now.toISOString(),
  };
}

type Decided = { merchantId: string; decision: (typeof BACKTEST_DECISIONS)[number]; decidedAt: Date };

/**
 * The last `limit` merchants decided (approved or declined) from a stage of the pipeline, each
 * with its latest decision. Walks the decisions newest first by index and stops at `limit`.
 */
async function lastDecided(db: Db, pipeline: string, limit: number): Promise<Decided[]> {
  const d = merchantDecisions;
  const rows = await db
    .select({ merchantId: d.merchantId, decision: d.decision, decidedAt: d.decidedAt })
    .from(d)
    .innerJoin(stages, eq(stages.id, d.fromStageId))
    .innerJoin(merchants, eq(merchants.id, d.merchantId))
    .where(
      and(
        eq(stages.pipeline, pipeline as (typeof stages.pipeline.enumValues)[number]),
        inArray(d.decision, [...BACKTEST_DECISIONS]),
        isNull(merchants.deletedAt),
        sql`not exists (select 1 from merchant_decisions later where later.merchant_id = ${d.merchantId}
          and later.decided_at > ${d.decidedAt})`,
      ),
    )
    .orderBy(desc(d.decidedAt), desc(d.id))
    .limit(limit);
  return rows as Decided[];
}

const agrees = (r: Recommendation, decision: Decided['decision']) =>
  (r === 'approve' && decision === 'approved') || (r === 'decline' && decision === 'declined');
const disagrees = (r: Recommendation, decision: Decided['decision']) =>
  (r === 'approve' && decision === 'declined') || (r === 'decline' && decision === 'approved');

/**
 * POST /api/scorecards/{id}/backtest: any version (a draft before activating) over the last N
 * decided merchants of its pipeline: a confusion table of recommendation × decision taken, and a
 * page of the disagreements (approve where the merchant was declined, decline where approved).
 * The merchants are scored as their records are now, loaded in batches.
 */
export async function backtestScorecard(db: Db, id: string, input: BacktestInput, now: Date): Promise<BacktestResult> {
  const [card] = await db.select().from(scorecards).where(eq(scorecards.id, id));
  if (!card) throw new ProblemError(404, 'No such scorecard version.');
  const decided = await lastDecided(db, card.pipeline, input.limit);
  const loaded = new Map(
    (
      await loadScoreInputs(
        db,
        decided.map((x) => x.merchantId),
        now,
      )
    ).map((l) => [l.merchantId, l]),
  );
  const counts = Object.fromEntries(
    RECOMMENDATIONS.map((r) => [r, Object.fromEntries(BACKTEST_DECISIONS.map((dd) => [dd, 0]))]),
  ) as BacktestResult['counts'];
  let agreements = 0;
  const disagreements: BacktestResult['disagreements'] = [];
  for (const x of decided) {
    const l = loaded.get(x.merchantId);
    if (!l) continue;
    const { score, recommendation } = scoreMerchant(card, l.inputs);
    counts[recommendation][x.decision] += 1;
    if (agrees(recommendation, x.decision)) agreements += 1;
    if (disagrees(recommendation, x.decision)) {
      disagreements.push({
        merchantId: x.merchantId,
        dbaName: l.dbaName,
        score,
        recommendation,
        decision: x.decision,
        decidedAt: x.decidedAt.toISOString(),
      });
    }
  }
  const offset = input.offset ?? 0;
  return {
    scorecardId: id,
    merchants: loaded.size,
    counts,
    agreements,
    disagreementTotal: disagreements.length,
    offset,
    disagreements: disagreements.slice(offset, offset + BACKTEST_DISAGREEMENT_PAGE),
  };
}
