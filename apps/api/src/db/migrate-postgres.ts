import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/**
 * Key of the session-level advisory lock every Boardwalk process takes around its migrations
 * ('bwmigrat' as a big-endian int8). Any fixed number works; it only has to be the same in
 * every process and differ from other advisory locks taken in this database.
 */
export const MIGRATION_LOCK_KEY = '7095260037420048756';

/**
 * Migrates a PostgreSQL database that several API processes may be starting against at once
 * (N stateless processes share it). Without the lock two processes would both see
 * a migration as missing and both run it, and one fails half-way ("relation already exists",
 * or a unique violation from the concurrent CREATE EXTENSION / CREATE SCHEMA). With it the
 * first process migrates while the others wait, then find nothing left to do.
 *
 * The lock and the migrations share one connection, so this works with a pool of any size;
 * if anything fails, that connection is closed rather than returned, which also drops the lock.
 */
export async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}
