import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../db/schema/audit-log.ts';
import { cronJobRuns, cronJobs } from '../db/schema/cron-jobs.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startTestJobEngine } from '../test/job-engine.ts';
import { inTransaction } from '../lib/jobs/boss-connection.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';
import { syncCronSchedules } from './cron-jobs.service.ts';
import type { JobEngine } from './job-engine.ts';
import { logRetentionJob } from './log-retention.job.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Always throws: shows retries and the failed state. */
const failingJob = defineCronJob({
  name: 'test-always-fails',
  cron: '0 0 1 1 *',
  description: 'fails on purpose',
  payload: z.strictObject({}),
  run: () => Promise.reject(new Error('the mail server said no')),
});

/** Runs until the engine stops it: shows that stop() hands a running job back. */
let slowStarted = false;
const slowJob = defineCronJob({
  name: 'test-slow',
  cron: '0 0 1 1 *',
  description: 'waits for the stop signal',
  payload: z.strictObject({}),
  run: ({ signal }) => {
    slowStarted = true;
    return new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
    });
  },
});

const jobs = [logRetentionJob, failingJob, slowJob];

let t: TestApp;
let engine: JobEngine;
beforeAll(async () => {
  t = await createTestApp();
  engine = await startTestJobEngine(t, { cronJobs: jobs });
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

/** A job's pg-boss state, read beside pg-boss (its pool is closed after stop() on PostgreSQL). */
async function stateOf(id: string): Promise<string | undefined> {
  const result = (await t.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}`)) as {
    rows: { state: string }[];
  };
  return result.rows[0]?.state;
}

async function queuedCount(name: string): Promise<number> {
  const result = (await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${name}`,
  )) as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

const runsOf = (queueJobId: string) =>
  t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, queueJobId)).orderBy(asc(cronJobRuns.attempt));

describe('the job engine', () => {
  it('registers the built-in cron jobs and schedules them in UTC', async () => {
    const [row] = await t.db.select().from(cronJobs).where(eq(cronJobs.name, 'log-retention'));
    expect(row).toMatchObject({ cron: '15 3 * * *', paused: false, lastRunAt: null });
    expect(await engine.boss.getSchedule('log-retention')).toMatchObject({ cron: '15 3 * * *', timezone: 'UTC' });
  });

  it('runs a job sent to the queue: the handler deletes, the run is recorded, pg-boss completes it', async () => {
    await t.db.insert(auditLog).values([
      { at: new Date(t.clock.now().getTime() - 400 * DAY), action: 'test.old', outcome: 'success' },
      { at: new Date(t.clock.now().getTime() - 10 * DAY), action: 'test.recent', outcome: 'success' },
    ]);
    const id = (await engine.boss.send('log-retention', {}))!;
    await vi.waitFor(async () => expect(await stateOf(id)).toBe('completed'), {
      timeout: 10_000,
      interval: 100,
    });
    const runs = await runsOf(id);
    expect(runs).toMatchObject([{ attempt: 1, status: 'succeeded', output: { deleted: 1 } }]);
    const left = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(left.map((r) => r.action).sort()).toEqual(['audit_log.purge', 'test.recent']);
  });

  it('retries a failing job, then leaves it failed with the error of every attempt', async () => {
    const id = (await engine.boss.send(failingJob.name, {}))!;
    await vi.waitFor(async () => expect(await stateOf(id)).toBe('failed'), {
      timeout: 15_000,
      interval: 100,
    });
    const runs = await runsOf(id);
    expect(runs.map((r) => [r.attempt, r.status, r.error])).toEqual([
      [1, 'failed', 'Error: the mail server said no'],
      [2, 'failed', 'Error: the mail server said no'],
      [3, 'failed', 'Error: the mail server said no'],
    ]);
    const [row] = await t.db.select().from(cronJobs).where(eq(cronJobs.name, failingJob.name));
    expect(row?.lastRunStatus).toBe('failed');
  });

  it('does not run a paused job, and unschedules it', async () => {
    await t.db.update(cronJobs).set({ paused: true }).where(eq(cronJobs.name, 'log-retention'));
    await syncCronSchedules(engine.boss, t.db, jobs);
    expect(await engine.boss.getSchedule('log-retention')).toBeNull();
    await t.db
      .insert(auditLog)
      .values({ at: new Date(t.clock.now().getTime() - 400 * DAY), action: 'test.old', outcome: 'success' });
    const id = (await engine.boss.send('log-retention', {}))!;
    await vi.waitFor(async () => expect(await stateOf(id)).toBe('completed'), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await runsOf(id)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'test.old'))).toHaveLength(1);
  });
});

describe('enqueueing in a transaction', () => {
  it('commits the job with the change, or neither', async () => {
    const count = () => queuedCount(slowJob.name);
    const before = await count();
    await expect(
      t.db.transaction(async (tx) => {
        await engine.boss.send(slowJob.name, {}, { db: inTransaction(tx), startAfter: 3600 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(before);
    await t.db.transaction(async (tx) => {
      await engine.boss.send(slowJob.name, {}, { db: inTransaction(tx), startAfter: 3600 });
    });
    expect(await count()).toBe(before + 1);
  });
});

describe('stopping', () => {
  it('hands a job still running at the deadline back for a retry, and leaves the database open', async () => {
    const id = (await engine.boss.send(slowJob.name, {}))!;
    await vi.waitFor(() => expect(slowStarted).toBe(true), { timeout: 10_000, interval: 50 });
    const started = performance.now();
    await engine.stop();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await stateOf(id)).toBe('retry');
    await vi.waitFor(async () => expect((await runsOf(id))[0]?.status).toBe('failed'));
    expect(await t.database.ping()).toBe(true);
  });
});

it('a second engine on the same database starts on the installed schema and keeps the operator’s cron', async () => {
  await t.db.update(cronJobs).set({ cron: '30 4 * * *', paused: false }).where(eq(cronJobs.name, 'log-retention'));
  const again = await startTestJobEngine(t, { cronJobs: jobs, workers: false });
  try {
    // With no worker on the queue nothing has looked it up yet: on PGlite a lookup from inside
    // the app's transaction would wait for that transaction, which waits for the send.
    const sent = t.db.transaction((tx) =>
      again.boss.send(slowJob.name, {}, { db: inTransaction(tx), startAfter: 3600 }),
    );
    const hung = new Promise((resolve) => setTimeout(() => resolve('hung'), 5000));
    expect(await Promise.race([sent, hung])).toMatch(/^[0-9a-f-]{36}$/);
    expect(await again.boss.getSchedule('log-retention')).toMatchObject({ cron: '30 4 * * *' });
    const [row] = await t.db.select().from(cronJobs).where(eq(cronJobs.name, 'log-retention'));
    expect(row?.cron).toBe('30 4 * * *');
  } finally {
    await again.stop();
  }
});
