import { MAX_PAGE } from '../list-limits.ts';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../list.ts';
import { text } from './fields.ts';

/** The built-in scheduled jobs (DESIGN §2 cron_jobs; decisions 016 and 039). */
export const CRON_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type CronRunStatus = (typeof CRON_RUN_STATUSES)[number];
export const CRON_RUN_STATUS_LABELS: Record<CronRunStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/**
 * Running, pausing, rescheduling jobs and resending messages: admins only (ability.ts
 * ADMIN_ONLY_SUBJECTS). Reading the logs needs `read log`.
 */
export const JOB_CONTROL_SUBJECT = 'job';
export const LOG_SUBJECT = 'log';

/** Five fields (minute hour day-of-month month day-of-week), read in UTC; the server parses it fully. */
const CRON_FIELDS = /^\S+( \S+){4}$/;
export const cronExpression = text()
  .trim()
  .max(100)
  .regex(CRON_FIELDS, 'Give five fields: minute hour day-of-month month day-of-week, such as 15 3 * * *');

export const cronJobNameParams = z.object({
  name: text()
    .max(100)
    .regex(/^[a-z0-9][a-z0-9.-]*$/, 'Not a job name'),
});

export const cronJobSchema = z.object({
  name: z.string(),
  description: z.string(),
  cron: z.string().describe('Five-field cron expression, UTC'),
  paused: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastRunStatus: z.enum(CRON_RUN_STATUSES).nullable(),
  nextRunAt: z.string().nullable().describe('The next time the expression names (null while paused)'),
  updatedAt: z.string(),
});
export type CronJob = z.infer<typeof cronJobSchema>;

export const cronJobListResponseSchema = z.object({
  cronJobs: z.array(cronJobSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  allData: z.array(cronJobSchema).describe('Always []: the list is the whole set already'),
});
export type CronJobListResponse = z.infer<typeof cronJobListResponseSchema>;

/** PATCH /api/history/cron-jobs/{name}: a new expression, with the updatedAt it was based on. */
export const cronJobUpdateSchema = z.object({
  cron: cronExpression,
  updatedAt: text().max(40).optional(),
});
export type CronJobUpdate = z.infer<typeof cronJobUpdateSchema>;

export const cronJobRunsQuerySchema = z.object({
  status: z.enum(CRON_RUN_STATUSES, { error: 'Choose running, succeeded or failed' }).optional(),
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type CronJobRunsQuery = z.infer<typeof cronJobRunsQuerySchema>;

export const cronJobRunSchema = z.object({
  id: z.uuid(),
  jobName: z.string(),
  queueJobId: z.uuid(),
  attempt: z.number().int(),
  status: z.enum(CRON_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  output: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});
export type CronJobRun = z.infer<typeof cronJobRunSchema>;

export const cronJobRunsResponseSchema = z.object({
  cronJobRuns: z.array(cronJobRunSchema),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  allData: z.array(cronJobRunSchema).describe('Always []: the run history is unbounded'),
});
export type CronJobRunsResponse = z.infer<typeof cronJobRunsResponseSchema>;

/** POST /api/history/cron-jobs/{name}/run: the pg-boss job that was sent. */
export const cronJobRunNowResponseSchema = z.object({ queueJobId: z.uuid() });
