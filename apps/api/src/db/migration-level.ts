import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

const journalFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/meta/_journal.json');

type Journal = { entries: { tag: string; when: number }[] };

/** The migrations this version of Boardwalk knows (drizzle's journal), oldest first. */
export function knownMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as Journal).entries;
}

export type MigrationLevel = { applied: number; last: string | null };

/**
 * How far a database is migrated: drizzle records each applied migration with its journal
 * timestamp, so the newest row names the journal tag. A timestamp this version does not know
 * (a database migrated by a newer Boardwalk) comes back as `unknown-<timestamp>`.
 */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { applied: 0, last: null };
  const [row] = await queryRows<{ applied: number; last: string | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  if (!row?.last) return { applied: 0, last: null };
  const when = Number(row.last);
  return { applied: row.applied, last: knownMigrations().find((m) => m.when === when)?.tag ?? `unknown-${when}` };
}

/** The rows of a raw query (the Db type leaves PGlite's and node-postgres' results untyped). */
export async function queryRows<R>(db: Db, query: SQL): Promise<R[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: R[] }).rows;
}
