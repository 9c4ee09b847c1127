import type { Db } from '../../db/client.ts';
import type { domainEvents } from '../../db/schema/merchants.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';

export type DomainEvent = typeof domainEvents.$inferSelect;

/**
 * A consumer of the outbox: inside the dispatcher's transaction, records the work an event causes
 * (execution rows, idempotent by key) and sends their jobs with that transaction. The consumers
 * (automation-dispatch.ts, which also records the stage_entered runs through
 * stage-entered-dispatch.ts) depend on this type only; dispatcher.ts lists them, so no module
 * imports back the one that imports it.
 */
export type EventConsumer = (tx: Db, jobs: JobSender, event: DomainEvent) => Promise<number>;
