import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
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
import { builtInQueueJobs } from './jobs/built-in-queue-jobs.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'boardwalk-worker-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// A fresh data directory on disk: initdb and every migration fsynced (decision 014) take 5–30 s.
/** Every file and directory under `root` (the root too) whose group or others bits are set, with its mode. */
function notPrivate(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (file: string) => {
    const mode = lstatSync(file).mode;
    if ((mode & 0o077) !== 0) found[path.relative(root, file) || '.'] = (mode & 0o777).toString(8);
    if (lstatSync(file).isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  visit(root);
  return found;
}

it(
  'npm run worker migrates, starts the job engine alone, and stops cleanly on SIGTERM',
  { timeout: 120_000 },
  async () => {
    // What an older version left (decision 074): an open data directory, documents 0666 in 0777.
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'documents/ab'), { recursive: true, mode: 0o777 });
    chmodSync(path.join(dataDir, 'documents/ab'), 0o777);
    writeFileSync(path.join(dataDir, 'documents/ab/0190c0de'), 'x', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'documents/ab/0190c0de'), 0o666);
    expect(Object.keys(notPrivate(dataDir))).toHaveLength(4);

    const run = await runUntilReadyThenStop(WORKER, { DATA_DIR: dataDir }, /Boardwalk worker is running/);
    expect(run.code).toBe(0);
    // Repaired at start, and nothing PGlite created since (its initdb asked for 0666) is open either.
    expect(run.stdout).toMatch(/"repaired":4,"msg":"made files private to their owner/);
    expect(notPrivate(dataDir)).toEqual({});
    expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(10);
    const started = run.stdout.split('\n').find((line) => line.includes('"msg":"job engine started"'));
    expect(JSON.parse(started ?? '{}')).toMatchObject({
      workers: true,
      cronJobs: BUILT_IN_CRON_JOBS.map((job) => job.name),
      queueJobs: builtInQueueJobs({}).map((job) => job.name),
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
