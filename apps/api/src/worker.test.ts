import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { cronJobs } from './db/schema/cron-jobs.ts';
import { runUntilReadyThenStop } from './test/run-entry-point.ts';
import { BUILT_IN_CRON_JOBS } from './jobs/built-in-cron-jobs.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'boardwalk-worker-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// A fresh data directory on disk: initdb and every migration fsynced (decision 014) take 5–30 s.
it(
  'npm run worker migrates, starts the job engine alone, and stops cleanly on SIGTERM',
  { timeout: 120_000 },
  async () => {
    const run = await runUntilReadyThenStop(WORKER, { DATA_DIR: dataDir }, /Boardwalk worker is running/);
    expect(run.code).toBe(0);
    const started = run.stdout.split('\n').find((line) => line.includes('"msg":"job engine started"'));
    expect(JSON.parse(started ?? '{}')).toMatchObject({
      workers: true,
      cronJobs: BUILT_IN_CRON_JOBS.map((job) => job.name),
      queueJobs: ['message.send'],
    });
    expect(run.stdout).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
    expect(existsSync(path.join(dataDir, 'boardwalk.lock'))).toBe(false); // the database was closed

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await database.db.select().from(cronJobs).where(eq(cronJobs.name, 'log-retention'));
      expect(row).toMatchObject({ cron: '15 3 * * *', paused: false });
    } finally {
      await database.close();
    }
  },
);
