import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { JobInsert, PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/merchants.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { automationConsumer, batchDefinitions } from './automation-dispatch.ts';
import type { EventConsumer } from './domain-event.ts';
import { autoDecisionConsumer } from '../underwriting/auto-decision-dispatch.ts';

export type { DomainEvent, EventConsumer } from './domain-event.ts';

/**
 * The automations' consumer (decision 089): it records a stage's own actions (its `stage_entered`
 * automations) first, then the other automations, the order the runs have always been recorded
 * in. Then the scorecard's automatic decision (docs/decisions/116), which sends a job only.
 */
export const EVENT_CONSUMERS: readonly EventConsumer[] = [automationConsumer, autoDecisionConsumer];

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

/** Events one dispatcher transaction takes (decision 092). */
export const DISPATCH_BATCH = 100;

/**
 * Takes up to `limit` unprocessed events nobody else holds, oldest first, and dispatches them in one
 * transaction (decision 092): one claim, one commit and one "processed" update for the lot instead
 * of one each. The claim walks domain_events_unprocessed_idx in occurred_at order and stops at
 * `limit` (ordering by id as well would sort every waiting event on each claim: 10,000 events
 * waiting made that 0.2 s a claim); events of the same instant are then put in id order (uuid v7,
 * the order they were written) before the consumers see them. Returns how many it dispatched.
 */
export async function dispatchEventBatch(
  db: Db,
  jobs: JobSender,
  now: Date,
  limit: number,
  consumers: readonly EventConsumer[] = EVENT_CONSUMERS,
): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(domainEvents)
      .where(isNull(domainEvents.processedAt))
      .orderBy(asc(domainEvents.occurredAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (events.length === 0) return 0;
    events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const held = heldSends(jobs);
    const definitions = batchDefinitions(tx);
    for (const event of events) {
      for (const consume of consumers) await consume(tx, held.sender, event, definitions);
    }
    await held.insert(tx);
    const ids = events.map((event) => event.id);
    await tx.update(domainEvents).set({ processedAt: now }).where(inArray(domainEvents.id, ids));
    return events.length;
  });
}

/**
 * The batch's jobs held and inserted at its end, one `boss.insert` a queue in the batch's
 * transaction instead of one `send` a job (decision 096): the consumers' sends carry only the
 * transaction and a job id, and the queue's policy (retries, backoff) applies to inserted jobs as
 * to sent ones. A send with any other option, or a sender without insert (tests), goes as before.
 */
function heldSends(jobs: JobSender): { sender: JobSender; insert: (tx: Db) => Promise<void> } {
  const boss = jobs as JobSender & Partial<Pick<PgBoss, 'insert'>>;
  if (typeof boss.insert !== 'function') return { sender: jobs, insert: async () => {} };
  const held = new Map<string, JobInsert[]>();
  const send = (async (name: string, data: object | null, options?: Record<string, unknown>) => {
    const { db: _db, id, ...rest } = options ?? {};
    if (typeof id !== 'string' || Object.keys(rest).length > 0) return jobs.send(name, data, options);
    const list = held.get(name) ?? [];
    list.push({ id, data: data ?? {} });
    held.set(name, list);
    return id;
  }) as JobSender['send'];
  return {
    sender: { send },
    insert: async (tx) => {
      for (const [name, list] of held) await boss.insert!(name, list, { db: inTransaction(tx) });
    },
  };
}

/**
 * Dispatches waiting events until none is left (or `max`), a batch per transaction; returns how
 * many. A batch that fails rolls back whole, so it is done again one event per transaction: the
 * events before the failing one still commit, and the failure is thrown for that event alone, as
 * one-by-one dispatch always did.
 */
export async function dispatchPendingEvents(
  db: Db,
  jobs: JobSender,
  now: () => Date,
  max = 10_000,
  batch = DISPATCH_BATCH,
  consumers: readonly EventConsumer[] = EVENT_CONSUMERS,
): Promise<number> {
  let done = 0;
  while (done < max) {
    const limit = Math.min(batch, max - done);
    let dispatched: number;
    try {
      dispatched = await dispatchEventBatch(db, jobs, now(), limit, consumers);
    } catch {
      dispatched = 0;
      while (dispatched < limit && (await dispatchNextEvent(db, jobs, now(), consumers))) dispatched += 1;
    }
    if (dispatched === 0) break;
    done += dispatched;
  }
  return done;
}
