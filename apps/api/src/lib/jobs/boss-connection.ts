import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  type ConstructorOptions,
  type Db as BossDb,
  type DrizzleTransactionLike,
} from 'pg-boss';
import type { Database, Db } from '../../db/client.ts';

/** pg-boss's tables live in their own schema, created and migrated by pg-boss itself at start. */
export const BOSS_SCHEMA = 'pgboss';

/**
 * How pg-boss reaches the app's database (decision 016). PGlite: through pg-boss's `fromPglite`
 * adapter on the app's one PGlite instance (PGlite serialises every query and transaction, so
 * pg-boss's statements queue with the app's); PostgreSQL: pg-boss's own small pool on the URL.
 */
export function bossConnection(database: Database): ConstructorOptions {
  if (database.driver.kind === 'pglite') {
    return { db: fromPglite(database.driver.client), backend: 'pglite', schema: BOSS_SCHEMA };
  }
  return { connectionString: database.driver.url, max: 4, schema: BOSS_SCHEMA, application_name: 'boardwalk-jobs' };
}

/**
 * A pg-boss connection inside one of the app's transactions (transactional enqueue):
 * `boss.send(name, data, { db: inTransaction(tx) })` commits the job with the change, or neither.
 */
export function inTransaction(tx: Db): BossDb {
  // Both drivers resolve execute() to { rows }, which is what the adapter reads.
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}
