import type { PgBoss } from 'pg-boss';

/**
 * What a request handler may do with the job engine: send a job, for example a retry or a run-now
 * asked for on a history page. Work that follows from a change (stage actions, automations,
 * messages) is not sent from requests: it is recorded in the change's transaction (the
 * domain_events outbox, execution rows) and the engine's workers turn it into jobs.
 * Absent when the process runs no job engine (most API tests): such routes answer 503.
 */
export type JobSender = Pick<PgBoss, 'send'>;
