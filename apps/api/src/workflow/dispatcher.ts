import { and, asc, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/client.ts';
import { domainEvents } from '../db/schema/merchants.ts';
import { stageActionExecutions, stageActions } from '../db/schema/workflow.ts';
import { inTransaction } from '../lib/jobs/boss-connection.ts';
import type { JobSender } from '../lib/jobs/job-sender.ts';
import { automationConsumer } from './automation-dispatch.ts';
import { STAGE_ACTION_JOB } from './stage-action-run.ts';

export type DomainEvent = typeof domainEvents.$inferSelect;

/**
 * A consumer of the outbox: inside the dispatcher's transaction, records the work an event causes
 * (execution rows, idempotent by key) and sends their jobs with that transaction: stage actions
 * here, automations in automation-dispatch.ts.
 */
export type EventConsumer = (tx: Db, jobs: JobSender, event: DomainEvent) => Promise<number>;

/** The stage a merchant entered by this event, if it entered one. */
function enteredStageId(event: DomainEvent): string | null {
  const key =
    event.type === 'merchant.created' ? 'stageId' : event.type === 'merchant.stage_changed' ? 'toStageId' : null;
  const value = key ? event.payload[key] : null;
  return typeof value === 'string' ? value : null;
}

/** merchant.created / merchant.stage_changed → one execution (and one job) per active action of the entered stage. */
export const stageActionConsumer: EventConsumer = async (tx, jobs, event) => {
  const stageId = enteredStageId(event);
  if (!stageId) return 0;
  const actions = await tx
    .select()
    .from(stageActions)
    .where(and(eq(stageActions.stageId, stageId), eq(stageActions.isActive, true), isNull(stageActions.deletedAt)))
    .orderBy(asc(stageActions.position), asc(stageActions.id));
  if (actions.length === 0) return 0;
  const inserted = await tx
    .insert(stageActionExecutions)
    .values(
      actions.map((action) => ({
        stageActionId: action.id,
        stageId,
        merchantId: event.subjectId,
        domainEventId: event.id,
        idempotencyKey: `${event.id}:${action.id}`,
        actionType: action.type,
        actionConfig: action.config,
        position: action.position,
        jobId: uuidv7(),
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      })),
    )
    .onConflictDoNothing({ target: stageActionExecutions.idempotencyKey })
    .returning({ id: stageActionExecutions.id, jobId: stageActionExecutions.jobId });
  for (const row of inserted) {
    await jobs.send(STAGE_ACTION_JOB, { executionId: row.id }, { db: inTransaction(tx), id: row.jobId! });
  }
  return inserted.length;
};

export const EVENT_CONSUMERS: readonly EventConsumer[] = [stageActionConsumer, automationConsumer];

/**
 * Takes the oldest unprocessed domain event nobody else holds (FOR UPDATE SKIP LOCKED: several
 * workers on PostgreSQL each take their own), lets every consumer record its work, and marks it
 * processed: one transaction, so the executions, their jobs and the mark commit together or not
 * at all. Returns false when no event was waiting.
 */
export async function dispatchNextEvent(
  db: Db,
  jobs: JobSender,
  now: Date,
  consumers: readonly EventConsumer[] = EVENT_CONSUMERS,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(domainEvents)
      .where(isNull(domainEvents.processedAt))
      .orderBy(asc(domainEvents.occurredAt), asc(domainEvents.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!event) return false;
    for (const consume of consumers) await consume(tx, jobs, event);
    await tx.update(domainEvents).set({ processedAt: now }).where(eq(domainEvents.id, event.id));
    return true;
  });
}

/** Dispatches waiting events until none is left (or `max`); returns how many. */
export async function dispatchPendingEvents(db: Db, jobs: JobSender, now: () => Date, max = 10_000): Promise<number> {
  let done = 0;
  while (done < max && (await dispatchNextEvent(db, jobs, now()))) done += 1;
  return done;
}
