import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { merchants } from '../../db/schema/merchants.ts';
import { scorecards } from '../../db/schema/scorecards.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { EventConsumer } from '../workflow/domain-event.ts';

/** The job that scores a merchant and decides when its scorecard says so (auto-decision.ts). */
export const AUTO_DECIDE_JOB = 'scorecard.auto-decide';

/**
 * The changes that can change a score: a new merchant, an edit of its record, a stage entered, an
 * owner, a document or a screening match added, removed or resolved.
 */
const TRIGGERS = new Set([
  'merchant.created',
  'merchant.updated',
  'merchant.stage_changed',
  'merchant.score_inputs_changed',
]);

/**
 * A consumer of the outbox (decision 089) beside the automations': after a change of a merchant
 * commits, when its pipeline's active scorecard decides approve or decline by itself, the job is
 * sent in the dispatcher's transaction (docs/decisions/116). One indexed look a merchant event;
 * nothing is sent while no active version has automatic decisions on.
 */
export const autoDecisionConsumer: EventConsumer = async (tx, jobs, event) => {
  if (!TRIGGERS.has(event.type)) return 0;
  // In parentheses: `and` joins its parts as they are, and this one is an `or`.
  const on = sql`(coalesce(${scorecards.thresholds} #>> '{autoApprove,enabled}', 'false') = 'true'
    or coalesce(${scorecards.thresholds} #>> '{autoDecline,enabled}', 'false') = 'true')`;
  const [found] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .innerJoin(scorecards, and(eq(scorecards.pipeline, merchants.pipeline), eq(scorecards.status, 'active')))
    .where(and(eq(merchants.id, event.subjectId), isNull(merchants.deletedAt), on))
    .limit(1);
  if (!found) return 0;
  await jobs.send(AUTO_DECIDE_JOB, { merchantId: event.subjectId }, { db: inTransaction(tx), id: uuidv7() });
  return 1;
};
