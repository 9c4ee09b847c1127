import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cronJobRuns } from '../db/schema/cron-jobs.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startTestJobEngine } from '../test/job-engine.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

/**
 * The other half of job-engine.test.ts's "stopping" (SIGTERM): a job that is running
 * when the engine stops, and ends within the stop timeout, finishes, is completed and recorded
 * once, and is not run again.
 */
let started = 0;
const shortJob = defineCronJob({
  name: 'test-short',
  cron: '0 0 1 1 *',
  description: 'takes a moment',
  payload: z.strictObject({}),
  run: async () => {
    started += 1;
    await new Promise((resolve) => setTimeout(resolve, 600));
    return { done: true };
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lets a job running at stop() finish: completed, recorded once, not handed back', async () => {
  const engine = await startTestJobEngine(t, { cronJobs: [shortJob], stopTimeoutMs: 5000 });
  const id = (await engine.boss.send(shortJob.name, {}))!;
  await vi.waitFor(() => expect(started).toBe(1), { timeout: 10_000, interval: 20 });
  await engine.stop();
  const result = (await t.db.execute(sql`select state from pgboss.job where id = ${id}`)) as {
    rows: { state: string }[];
  };
  expect(result.rows[0]?.state).toBe('completed');
  const runs = await t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, id));
  expect(runs).toMatchObject([{ attempt: 1, status: 'succeeded', output: { done: true } }]);
  // A new engine on the same database finds nothing left to do.
  const again = await startTestJobEngine(t, { cronJobs: [shortJob] });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await again.stop();
  expect(started).toBe(1);
});
