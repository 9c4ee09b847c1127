import type { JobContext } from './cron-job.ts';

/** One delivery of a queued job, as its handler sees it. */
export type QueueJobAttempt = {
  /** The pg-boss job id (the same on every retry of it). */
  id: string;
  data: unknown;
  /** 1 for the first delivery, 2 and 3 for pg-boss's retries. */
  attempt: number;
  /** No retry follows when this attempt fails: the handler records the failure as final. */
  lastAttempt: boolean;
};

/**
 * A job sent for one piece of work (not on a schedule): a name (its pg-boss queue) and a handler
 * that is safe to run twice (pg-boss delivers at least once; STYLE 8). A thrown error fails the
 * attempt and pg-boss retries it with the engine's backoff.
 */
export type QueueJobDefinition = {
  name: string;
  run: (context: JobContext, attempt: QueueJobAttempt) => Promise<Record<string, unknown>>;
};
