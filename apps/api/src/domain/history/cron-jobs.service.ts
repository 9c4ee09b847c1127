import type { CronJob, CronJobRun, CronJobRunsQuery, CronJobUpdate } from '@boardwalk/shared';
import { CronExpressionParser } from 'cron-parser';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cronJobRuns, cronJobs } from '../../db/schema/cron-jobs.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import { CRON_TIME_ZONE } from '../../lib/jobs/cron-job.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { assertCurrentVersion } from '../../lib/crud/precondition.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { requireJobSender } from '../../lib/jobs/job-engine-of.ts';

type CronJobRow = typeof cronJobs.$inferSelect;

/** The next occurrence of a five-field expression in UTC, or null when it cannot be read. */
export function nextRun(cron: string, after: Date): Date | null {
  try {
    return CronExpressionParser.parse(cron, { tz: CRON_TIME_ZONE, currentDate: after }).next().toDate();
  } catch {
    return null;
  }
}

/** cron-parser's verdict in words, or null when the expression is fine. */
export function cronProblem(cron: string): string | null {
  if (cron.split(/\s+/).length !== 5) return 'Give five fields: minute hour day-of-month month day-of-week';
  try {
    CronExpressionParser.parse(cron, { tz: CRON_TIME_ZONE });
    return null;
  } catch (error) {
    return `Not a valid cron expression: ${(error as Error).message}`;
  }
}

function toCronJob(row: CronJobRow, now: Date): CronJob {
  return {
    name: row.name,
    description: row.description,
    cron: row.cron,
    paused: row.paused,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastRunStatus: row.lastRunStatus,
    nextRunAt: row.paused ? null : (nextRun(row.cron, now)?.toISOString() ?? null),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toRun(row: typeof cronJobRuns.$inferSelect): CronJobRun {
  return {
    id: row.id,
    jobName: row.jobName,
    queueJobId: row.queueJobId,
    attempt: row.attempt,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    output: row.output,
    error: row.error,
  };
}

async function findJob(db: Db, name: string, lock = false): Promise<CronJobRow> {
  const query = db.select().from(cronJobs).where(eq(cronJobs.name, name)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ProblemError(404, 'No such cron job.');
  return row;
}

/** GET /api/history/cron-jobs: every job with its expression, pause, last run and next run. */
export async function listCronJobs(db: Db, now: Date) {
  const rows = await db.select().from(cronJobs).orderBy(asc(cronJobs.name));
  const jobs = rows.map((r) => toCronJob(r, now));
  return { cronJobs: jobs, total: jobs.length, params: {}, allData: [] as CronJob[] };
}

export async function getCronJob(db: Db, name: string, now: Date): Promise<CronJob> {
  return toCronJob(await findJob(db, name), now);
}

/** GET /api/history/cron-jobs/{name}/runs: the job's attempts, newest first. */
export async function listCronJobRuns(db: Db, name: string, query: CronJobRunsQuery) {
  await findJob(db, name);
  const where = and(eq(cronJobRuns.jobName, name), query.status ? eq(cronJobRuns.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cronJobRuns)
      .where(where)
      .orderBy(desc(cronJobRuns.startedAt), desc(cronJobRuns.attempt))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(cronJobRuns).where(where),
  ]);
  return { cronJobRuns: rows.map(toRun), total: total?.n ?? 0, params: query, allData: [] as CronJobRun[] };
}

function audit(db: Db, caller: Caller, action: string, name: string, changes: Record<string, unknown>) {
  return writeAudit(db, {
    action,
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: 'cron_job',
    subjectId: name,
    changes,
    ip: caller.ip,
  });
}

/**
 * POST …/pause and …/resume. The runner checks the flag before each run, so a pause holds at
 * once in every process; pg-boss's schedule follows within a minute (the engine's schedule watch).
 */
export async function setPaused(db: Db, caller: Caller, name: string, paused: boolean): Promise<CronJob> {
  const row = await db.transaction(async (tx) => {
    const before = await findJob(tx, name, true);
    if (before.paused === paused) return before;
    const [after] = await tx
      .update(cronJobs)
      .set({ paused, updatedAt: caller.now })
      .where(eq(cronJobs.name, name))
      .returning();
    await audit(tx, caller, paused ? 'cron_job.pause' : 'cron_job.resume', name, {
      paused: { from: before.paused, to: paused },
    });
    return after!;
  });
  return toCronJob(row, caller.now);
}

/** PATCH /api/history/cron-jobs/{name}: a new cron expression (UTC), checked by cron-parser. */
export async function updateCronExpression(
  db: Db,
  caller: Caller,
  name: string,
  input: CronJobUpdate,
): Promise<CronJob> {
  const problem = cronProblem(input.cron);
  if (problem) throw new ProblemError(400, 'The cron expression is not valid.', { errors: { cron: [problem] } });
  const row = await db.transaction(async (tx) => {
    const before = await findJob(tx, name, true);
    assertCurrentVersion(
      input.updatedAt,
      before.updatedAt,
      'This job changed since you loaded it. Reload and try again.',
    );
    if (before.cron === input.cron) return before;
    const [after] = await tx
      .update(cronJobs)
      .set({ cron: input.cron, updatedAt: caller.now })
      .where(eq(cronJobs.name, name))
      .returning();
    await audit(tx, caller, 'cron_job.update', name, { cron: { from: before.cron, to: input.cron } });
    return after!;
  });
  return toCronJob(row, caller.now);
}

/** POST …/run: sends the job now (with its audit row, in one transaction); a paused job is refused. */
export async function runCronJobNow(db: Db, jobs: JobSender | undefined, caller: Caller, name: string) {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, name);
    if (job.paused) throw new ProblemError(409, 'This job is paused: resume it to run it.');
    const queueJobId = await requireJobSender(jobs).send(name, {}, { db: inTransaction(tx) });
    if (!queueJobId) throw new ProblemError(409, 'The job engine did not accept the job.');
    await audit(tx, caller, 'cron_job.run', name, { queueJobId });
    return { queueJobId };
  });
}
