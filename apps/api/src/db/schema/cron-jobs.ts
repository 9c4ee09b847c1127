import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const CRON_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type CronRunStatus = (typeof CRON_RUN_STATUSES)[number];

/**
 * The built-in scheduled jobs: one row per job, upserted at start from the job's
 * definition (jobs/built-in-cron-jobs.ts). The cron expression and the paused flag are the
 * operator's once the row exists; start-up never overwrites them.
 */
export const cronJobs = pgTable('cron_jobs', {
  id: id(),
  name: text('name').notNull().unique(),
  /** Five-field cron expression, evaluated in UTC. */
  cron: text('cron').notNull(),
  description: text('description').notNull().default(''),
  paused: boolean('paused').notNull().default(false),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastRunStatus: text('last_run_status', { enum: CRON_RUN_STATUSES }),
  ...timestamps(),
});

/**
 * One row per attempt of a cron job: pg-boss retries a failed attempt with backoff, and each
 * attempt is its own row (the same pg-boss job id, attempt 1, 2, 3), so the history shows every
 * failure with its error and the final state of the job is the state of its last attempt.
 */
export const cronJobRuns = pgTable(
  'cron_job_runs',
  {
    id: id(),
    jobName: text('job_name')
      .notNull()
      .references(() => cronJobs.name, { onUpdate: 'cascade' }),
    /** The pg-boss job this attempt belongs to. */
    queueJobId: uuid('queue_job_id').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: CRON_RUN_STATUSES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    durationMs: integer('duration_ms'),
    output: jsonb('output').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [
    unique('cron_job_runs_attempt_unique').on(t.queueJobId, t.attempt),
    index('cron_job_runs_job_started_idx').on(t.jobName, t.startedAt),
    check('cron_job_runs_attempt_positive', sql`${t.attempt} >= 1`),
  ],
);
