import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import type { AppDeps } from '../lib/context.ts';
import { createLogger } from '../lib/logger.ts';
import { createUsageLog } from '../lib/usage-log.ts';
import { documentChecker } from './document-check.ts';
import { createScratchDatabase } from './scratch-database.ts';

/**
 * A migrated database and the real app for one test file. PGlite in memory by default;
 * with TEST_DATABASE_URL (a PostgreSQL server URL) a throwaway copy of a migrated template
 * database is created and dropped afterwards, so the same suite runs on both.
 */
export async function createTestApp(options: { start?: Date; config?: Partial<Config> } = {}) {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  let now = options.start ?? new Date();
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    set: (date: Date) => {
      now = date;
    },
  };
  // Flushed by the tests that read api_requests (t.deps.usageLog.flush()) and on close.
  const usageLog = createUsageLog({ db: database.db, logger: testLogger(), flushMs: 20 });
  const deps = { ...testDeps(database, { now: clock.now, config: options.config }), usageLog };
  const app = createApp(deps);
  checkEveryAnswer(app);
  return {
    app,
    deps,
    db: database.db,
    database,
    clock,
    /** A second app on the same database: another API process (shared rate limits, usage log). */
    secondApp: () => createApp({ ...deps, usageLog }),
    close: async () => {
      await usageLog.close();
      await database.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What createApp gets in tests: test config, silent log, fixed secrets. */
export function testDeps(database: Database, options: { now?: () => Date; config?: Partial<Config> } = {}): AppDeps {
  // Tests change sessions, users and settings straight in the database, as another process would:
  // the session cache (decision 027) is off unless a test turns it on (session-cache.test.ts).
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    demoSeed: false,
    sessionCacheMs: 0,
    // Likewise merchants: the read cache (decision 052) is off unless a test turns it on (read-cache tests).
    readCacheMb: 0,
    ...options.config,
  };
  return {
    config,
    database,
    logger: testLogger(),
    secrets: { authSecret: 'test-auth-secret-0123456789abcdef0123456789', encryptionKey: '0'.repeat(64) },
    version: 'test',
    now: options.now,
  };
}

/**
 * Every answer a test gets from `app.request` is checked against the OpenAPI document the app
 * serves (document-check.ts): a route whose answer drifts from its documentation fails the test
 * that called it, whatever that test was about.
 */
function checkEveryAnswer(app: ReturnType<typeof createApp>) {
  // The document global-setup.ts wrote for the run: the same routes, generated once, not per file.
  const checkAnswer = documentChecker(JSON.parse(readFileSync(inject('openApiDocument'), 'utf8')) as object);
  const request = app.request;
  app.request = async (input, init, ...rest) => {
    const res = await request(input, init, ...rest);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    await checkAnswer(method, url, res);
    return res;
  };
}

/** Silent unless TEST_LOG_LEVEL asks for more (e.g. TEST_LOG_LEVEL=debug to see a failing request). */
export function testLogger() {
  return createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A copy of the database global-setup.ts migrated once: much faster than initdb per file.
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    return { database: await openDatabase({ kind: 'pglite', loadDataDir }), drop: async () => {} };
  }
  // A copy of the database global-setup.ts migrated once (migrate() then finds nothing to do).
  const scratch = await createScratchDatabase(serverUrl, { template: inject('postgresTemplate') || undefined });
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 4, logger: testLogger() });
  return { database, drop: scratch.drop };
}
