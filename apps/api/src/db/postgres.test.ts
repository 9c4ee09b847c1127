import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, testServerUrl } from '../test/scratch-database.ts';
import { openDatabase } from './client.ts';

const journal = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

/** A pino logger whose lines land in `lines`, to see what the pool reported. */
function capturingLogger() {
  const lines: { level: number; msg: string; err?: { message?: string } }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

// PGlite has one in-process connection and a data-directory lock (db/client.ts): neither
// concurrent migrators nor pool errors exist there, so these run in the api-pg pass only.
describe.skipIf(!testServerUrl)('PostgreSQL connections', () => {
  it('lets several processes migrate one fresh database at the same time', async () => {
    const scratch = await createScratchDatabase(testServerUrl!);
    const { logger } = capturingLogger();
    // One pool per "process"; each migrates with its own connections, as N API processes would.
    const processes = await Promise.all(
      Array.from({ length: 6 }, () => openDatabase({ kind: 'postgres', url: scratch.url, max: 2, logger })),
    );
    try {
      const results = await Promise.allSettled(processes.map((p) => p.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const applied = (await processes[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as { rows: { n: number }[] };
      expect(applied.rows).toEqual([{ n: journal.entries.length }]);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await scratch.drop();
    }
  });

  it('logs an idle connection that fails instead of swallowing it', async () => {
    const scratch = await createScratchDatabase(testServerUrl!);
    const { logger, lines } = capturingLogger();
    const database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 2, logger });
    try {
      const { rows } = (await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)) as {
        rows: { pid: number }[];
      };
      const other = await openDatabase({
        kind: 'postgres',
        url: scratch.url,
        max: 1,
        logger: capturingLogger().logger,
      });
      await other.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
      await other.close();
      await expect
        .poll(() => lines.find((l) => l.level === 50))
        .toMatchObject({
          msg: expect.stringContaining('PostgreSQL pool'),
          err: { message: expect.stringContaining('terminat') },
        });
      expect(await database.ping()).toBe(true); // the pool replaced the lost connection
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
