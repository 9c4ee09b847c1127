import { fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Database } from '../db/client.ts';

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
