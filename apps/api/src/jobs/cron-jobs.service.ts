import { notifyRunFailed } from '../domain/notifications/notification-events.ts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client.ts';
import { cronJobRuns, cronJobs, type CronRunStatus } from '../db/schema/cron-jobs.ts';
import { CRON_TIME_ZONE, type CronJobDefinition, type JobContext } from '../lib/jobs/cron-job.ts';

/** Longest error text a run row keeps (the stack goes to the log, not the table). */
const MAX_ERROR_LENGTH = 2000;

/**
 * Upserts one cron_jobs row per definition. A new job gets the definition's cron expression; an
 * existing row keeps the operator's expression and paused flag, only its description follows
 * the code. Safe for several processes starting at once (one statement, ON CONFLICT).
 */
export async function registerCronJobs(db: Db, definitions: readonly CronJobDefinition[]): Promise<void> {
  if (definitions.length === 0) return;
  await db
    .insert(cronJobs)
    .values(definitions.map((d) => ({ name: d.name, cron: d.cron, description: d.description })))
    .onConflictDoUpdate({
      target: cronJobs.name,
      set: { description: sql`excluded.description` },
      setWhere: sql`${cronJobs.description} is distinct from excluded.description`,
    });
}

/**
 * Makes pg-boss's schedules match cron_jobs: a running job is scheduled with its expression, a
 * paused one unscheduled. pg-boss then sends one job per occurrence, whichever process is up.
 */
export async function syncCronSchedules(boss: PgBoss, db: Db, definitions: readonly CronJobDefinition[]) {
  const names = definitions.map((d) => d.name);
  if (names.length === 0) return;
  const rows = await db.select().from(cronJobs).where(inArray(cronJobs.name, names));
  for (const row of rows) {
    if (row.paused) await boss.unschedule(row.name);
    else await boss.schedule(row.name, row.cron, {}, { tz: CRON_TIME_ZONE });
  }
}

export type CronAttempt = {
  queueJobId: string;
  attempt: number;
  data: unknown;
  /** No retry follows this attempt: a failure is for good, and administrators are told. */
  lastAttempt?: boolean;
};

export type CronRunOutcome = { skipped: 'paused' } | { runId: string; output: Record<string, unknown> };

/**
 * Runs one attempt of a cron job and keeps it in cron_job_runs: a `running` row first, then
 * `succeeded` with the handler's output or `failed` with its error. A failure is rethrown, so
 * pg-boss retries it with backoff and, after the last attempt, leaves the job failed. A paused
 * job does not run (also when it was paused after pg-boss queued it).
 */
export async function runCronJob(
  definition: CronJobDefinition,
  context: JobContext,
  attempt: CronAttempt,
): Promise<CronRunOutcome> {
  const { db } = context;
  const [job] = await db
    .select({ paused: cronJobs.paused })
    .from(cronJobs)
    .where(eq(cronJobs.name, definition.name))
    .limit(1);
  if (!job || job.paused) {
    context.logger.info({ job: definition.name }, 'cron job is paused: not run');
    return { skipped: 'paused' };
  }
  const startedAt = context.now();
  const started = performance.now();
  // An earlier attempt still `running` never finished: its process stopped under it.
  await db
    .update(cronJobRuns)
    .set({ status: 'failed', error: 'Interrupted: the process stopped during this attempt' })
    .where(
      and(
        eq(cronJobRuns.queueJobId, attempt.queueJobId),
        eq(cronJobRuns.status, 'running'),
        lt(cronJobRuns.attempt, attempt.attempt),
      ),
    );
  const [run] = await db
    .insert(cronJobRuns)
    .values({
      jobName: definition.name,
      queueJobId: attempt.queueJobId,
      attempt: attempt.attempt,
      status: 'running',
      startedAt,
    })
    .onConflictDoUpdate({
      target: [cronJobRuns.queueJobId, cronJobRuns.attempt],
      set: { status: 'running', startedAt, finishedAt: null, durationMs: null, output: null, error: null },
    })
    .returning({ id: cronJobRuns.id });
  const runId = run!.id;
  const finish = async (status: CronRunStatus, fields: { output?: Record<string, unknown>; error?: string }) => {
    const finishedAt = context.now();
    const durationMs = Math.round(performance.now() - started);
    await db.transaction(async (tx) => {
      await tx
        .update(cronJobRuns)
        .set({ status, finishedAt, durationMs, ...fields })
        .where(eq(cronJobRuns.id, runId));
      await tx
        .update(cronJobs)
        .set({ lastRunAt: startedAt, lastRunStatus: status, updatedAt: finishedAt })
        .where(eq(cronJobs.name, definition.name));
    });
  };
  try {
    definition.payload.parse(attempt.data ?? {});
    const output = await definition.run(context);
    await finish('succeeded', { output });
    return { runId, output };
  } catch (error) {
    context.logger.error({ err: error, job: definition.name, attempt: attempt.attempt }, 'cron job attempt failed');
    await finish('failed', { error: errorText(error) });
    if (attempt.lastAttempt) {
      await db.transaction((tx) =>
        notifyRunFailed(tx as unknown as Db, {
          id: attempt.queueJobId,
          origin: 'cron',
          name: definition.name,
          error: errorText(error),
          at: context.now(),
        }),
      );
    }
    throw error;
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/**
 * Keeps pg-boss's schedules following cron_jobs while the engine runs: every `intervalMs` it reads
 * the rows (a handful) and re-syncs when an expression or a pause changed since the last look, so
 * an edit made on /history/cron-jobs by any process is scheduled within a minute (decision 039).
 */
export function watchCronSchedules(
  boss: PgBoss,
  db: Db,
  definitions: readonly CronJobDefinition[],
  options: { intervalMs: number; onError: (error: unknown) => void },
): { check: () => Promise<void>; stop: () => void } {
  const names = definitions.map((d) => d.name);
  let last: string | null = null;
  const check = async () => {
    if (names.length === 0) return;
    const rows = await db
      .select({ name: cronJobs.name, cron: cronJobs.cron, paused: cronJobs.paused })
      .from(cronJobs)
      .where(inArray(cronJobs.name, names))
      .orderBy(cronJobs.name);
    const seen = JSON.stringify(rows);
    if (seen === last) return;
    await syncCronSchedules(boss, db, definitions);
    last = seen;
  };
  const timer = setInterval(() => void check().catch(options.onError), options.intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
