import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from '../db/client.ts';
import { testLogger } from './harness.ts';
import { createScratchDatabase, testServerUrl } from './scratch-database.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * A new database (PGlite, or a scratch PostgreSQL database with TEST_DATABASE_URL) migrated up to
 * and including the migration `tag`, for a test that writes rows as the old schema held them and
 * then runs the rest (`migrateRest`, the app's own migrate()).
 */
export async function openDatabaseAt(tag: string): Promise<{ database: Database; close: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bw-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));

  const scratch = testServerUrl ? await createScratchDatabase(testServerUrl) : null;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url, max: 2, logger: testLogger() })
    : await openDatabase({ kind: 'pglite' });
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  const migrateTo = (scratch ? migratePg : migratePglite) as (
    db: unknown,
    c: { migrationsFolder: string },
  ) => Promise<void>;
  await migrateTo(database.db, { migrationsFolder: folder });
  rmSync(folder, { recursive: true, force: true });
  return {
    database,
    close: async () => {
      await database.close();
      await scratch?.drop();
    },
  };
}
