import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/merchants.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { automationConsumer } from './automation-dispatch.ts';
import type { EventConsumer } from './domain-event.ts';

export type { DomainEvent, EventConsumer } from './domain-event.ts';

/**
 * One consumer (decision 089): it records a stage's own actions (its `stage_entered` automations)
 * first, then the other automations, the order the runs have always been recorded in.
 */
export const EVENT_CONSUMERS: readonly EventConsumer[] = [automationConsumer];

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
