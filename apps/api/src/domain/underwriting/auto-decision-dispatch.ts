import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { EventConsumer } from '../workflow/domain-event.ts';

/** The job that scores a merchant and decides when its scorecard says so (auto-decision.ts). */
export const AUTO_DECIDE_JOB = 'scorecard.auto-decide';

/** The changes that can change a score: a new merchant, an edit of its record, a stage entered. */
const TRIGGERS = new Set(['merchant.created', 'merchant.updated', 'merchant.stage_changed']);

/**
 * A consumer of the outbox (decision 089) beside the automations': after a change of a merchant
 * commits, when its pipeline's active scorecard decides approve or decline by itself, the job is
 * sent in the dispatcher's transaction (docs/decisions/116). One indexed look a merchant event;
 * nothing is sent while no active version has automatic decisions on.
 */
export const autoDecisionConsumer: EventConsumer = async (tx, jobs, event) => {
  if (!TRIGGERS.has(event.type)) return 0;
  const result = (await tx.execute(sql`
    select 1 from merchants m
    join scorecards s on s.pipeline = m.pipeline and s.status = 'active'
    where m.id = ${event.subjectId} and m.deleted_at is null
      and (coalesce(s.thresholds #>> '{autoApprove,enabled}', 'false') = 'true'
        or coalesce(s.thresholds #>> '{autoDecline,enabled}', 'false') = 'true')
    limit 1`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) return 0;
  await jobs.send(AUTO_DECIDE_JOB, { merchantId: event.subjectId }, { db: inTransaction(tx), id: uuidv7() });
  return 1;
};
