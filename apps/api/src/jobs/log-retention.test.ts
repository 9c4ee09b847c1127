import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { cronJobRuns, cronJobs } from '../db/schema/cron-jobs.ts';
import { settings } from '../db/schema/settings.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { registerCronJobs, runCronJob } from './cron-jobs.service.ts';
import { deleteExpiredAuditRows, logRetentionJob } from './log-retention.job.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date('2027-03-01T03:15:00Z') });
  await registerCronJobs(t.db, [logRetentionJob]);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(auditLog);
  await t.db.delete(settings).where(eq(settings.key, 'logRetentionDays'));
  await t.db.update(cronJobs).set({ paused: false }).where(eq(cronJobs.name, logRetentionJob.name));
});

/** One audit row per age in days (counted back from the test clock); returns their ids in order. */
async function auditRowsAged(...days: number[]): Promise<string[]> {
  const rows = days.map((d) => ({
    id: uuidv7(),
    at: new Date(t.clock.now().getTime() - d * DAY),
    action: 'test.row',
    outcome: 'success' as const,
    subjectId: `${d}d`,
  }));
  await t.db.insert(auditLog).values(rows);
  return rows.map((r) => r.id);
}

async function survivors(ids: string[]): Promise<string[]> {
  const rows = await t.db.select({ subjectId: auditLog.subjectId }).from(auditLog).where(inArray(auditLog.id, ids));
  return rows.map((r) => r.subjectId!).sort();
}

function setRetentionDays(value: unknown) {
  return t.db.insert(settings).values({ key: 'logRetentionDays', value });
}

describe('log retention', () => {
  it('deletes only the rows older than 365 days by default, and audits the purge', async () => {
    const ids = await auditRowsAged(800, 366, 365.5, 364, 1);
    const result = await deleteExpiredAuditRows(t.db, { now: t.clock.now() });
    expect(result).toMatchObject({ deleted: 3, retentionDays: 365 });
    expect(result.cutoff).toBe(new Date(t.clock.now().getTime() - 365 * DAY).toISOString());
    expect(await survivors(ids)).toEqual(['1d', '364d']);
    const [purge] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit_log.purge'));
    expect(purge).toMatchObject({ actorLabel: 'job:log-retention', changes: { deleted: 3, retentionDays: 365 } });
  });

  it('follows a changed setting', async () => {
    await setRetentionDays(400);
    const ids = await auditRowsAged(401, 399, 366);
    expect((await deleteExpiredAuditRows(t.db, { now: t.clock.now() })).deleted).toBe(1);
    expect(await survivors(ids)).toEqual(['366d', '399d']);
  });

  it('never keeps less than 365 days, even with a shorter value written around the settings API', async () => {
    await setRetentionDays(30);
    const ids = await auditRowsAged(366, 31);
    expect(await deleteExpiredAuditRows(t.db, { now: t.clock.now() })).toMatchObject({
      deleted: 1,
      retentionDays: 365,
    });
    expect(await survivors(ids)).toEqual(['31d']);
  });

  it('deletes in batches until none is left, and a second run finds nothing', async () => {
    const ids = await auditRowsAged(370, 371, 372, 373, 374, 10);
    expect(await deleteExpiredAuditRows(t.db, { now: t.clock.now(), batchSize: 2 })).toMatchObject({
      deleted: 5,
      batches: 3,
    });
    expect(await survivors(ids)).toEqual(['10d']);
    expect(await deleteExpiredAuditRows(t.db, { now: t.clock.now(), batchSize: 2 })).toMatchObject({
      deleted: 0,
      batches: 1,
    });
  });

  it('moves with the injected clock', async () => {
    const ids = await auditRowsAged(300);
    t.clock.advance(70 * DAY);
    try {
      expect((await deleteExpiredAuditRows(t.db, { now: t.clock.now() })).deleted).toBe(1);
      expect(await survivors(ids)).toEqual([]);
    } finally {
      t.clock.advance(-70 * DAY);
    }
  });
});

describe('a log-retention run', () => {
  const context = () => ({ db: t.db, logger: t.deps.logger, now: t.clock.now, signal: new AbortController().signal });

  it('is recorded in cron_job_runs with the count deleted, and on its cron_jobs row', async () => {
    await auditRowsAged(500, 400, 5);
    const queueJobId = uuidv7();
    const outcome = await runCronJob(logRetentionJob, context(), { queueJobId, attempt: 1, data: {} });
    expect(outcome).toMatchObject({ output: { deleted: 2 } });
    const [run] = await t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, queueJobId));
    expect(run).toMatchObject({
      jobName: 'log-retention',
      attempt: 1,
      status: 'succeeded',
      startedAt: t.clock.now(),
      finishedAt: t.clock.now(),
      output: { deleted: 2, retentionDays: 365 },
      error: null,
    });
    expect(run!.durationMs).toBeGreaterThanOrEqual(0);
    const [job] = await t.db.select().from(cronJobs).where(eq(cronJobs.name, 'log-retention'));
    expect(job).toMatchObject({
      cron: '15 3 * * *',
      paused: false,
      lastRunStatus: 'succeeded',
      lastRunAt: t.clock.now(),
    });
  });

  it('does not run while the job is paused', async () => {
    const ids = await auditRowsAged(500);
    await t.db.update(cronJobs).set({ paused: true }).where(eq(cronJobs.name, logRetentionJob.name));
    const queueJobId = uuidv7();
    expect(await runCronJob(logRetentionJob, context(), { queueJobId, attempt: 1, data: {} })).toEqual({
      skipped: 'paused',
    });
    expect(await survivors(ids)).toEqual(['500d']);
    expect(await t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, queueJobId))).toEqual([]);
  });

  it('refuses a payload its schema does not accept, as a failed run', async () => {
    const queueJobId = uuidv7();
    await expect(
      runCronJob(logRetentionJob, context(), { queueJobId, attempt: 1, data: { days: 1 } }),
    ).rejects.toThrow();
    const runs = await t.db
      .select()
      .from(cronJobRuns)
      .where(and(eq(cronJobRuns.queueJobId, queueJobId), eq(cronJobRuns.status, 'failed')));
    expect(runs).toHaveLength(1);
  });
});
