import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import type { JobSender } from './job-sender.ts';

/** What a job's handler gets: the database, a logger, the app's clock and a stop signal. */
export type JobContext = {
  db: Db;
  logger: Logger;
  /** Injected clock (AppDeps.now), so tests move time instead of waiting. */
  now: () => Date;
  /** Aborted when the engine stops while the handler runs: stop between steps, and be re-run. */
  signal: AbortSignal;
  /** The engine's sender, for a job that queues work of its own (the daily digest's messages). */
  jobs?: JobSender;
};

/**
 * A built-in scheduled job (the cron_jobs table, STYLE 8): a name (also its pg-boss queue), a
 * default cron expression (UTC), a zod schema for the payload pg-boss hands over (a schedule
 * sends `{}`; anything else fails the attempt), and a handler that is safe to run twice (pg-boss
 * delivers at least once) and returns the output its run row keeps.
 */
export type CronJobDefinition = {
  name: string;
  cron: string;
  description: string;
  payload: z.ZodType<Record<string, never>>;
  run: (context: JobContext) => Promise<Record<string, unknown>>;
};

export function defineCronJob(definition: CronJobDefinition): CronJobDefinition {
  return definition;
}

/** Cron expressions are read in UTC, whatever the server's time zone. */
export const CRON_TIME_ZONE = 'UTC';
