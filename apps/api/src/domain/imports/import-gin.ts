import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The merchants table's GIN indexes that are written straight in (`fastupdate = off`, decision
 * 095): each new row's phone trigrams and search words cost a dozen index page writes there. An
 * import lets them take its rows through the pending list and merges it in bulk.
 */
export const IMPORT_GIN_INDEXES = ['merchants_phone_trgm_idx', 'merchants_search_words_idx'] as const;

/**
 * How long the setting change waits for the index lock. `ALTER INDEX … SET` takes an exclusive
 * lock on the index (not the table) for the instant of the catalog update; while it waits, staff
 * queries on merchants queue behind it, so it waits briefly and tries again later.
 */
const LOCK_WAIT = '200ms';
const TRIES = 25;

type PgError = { code?: string; cause?: { code?: string } };
const isLockTimeout = (error: unknown) => [(error as PgError).code, (error as PgError).cause?.code].includes('55P03');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sets fastupdate on the indexes; false when the lock could not be had in TRIES short waits. */
async function setFastupdate(db: Db, on: boolean): Promise<boolean> {
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
        for (const name of IMPORT_GIN_INDEXES)
          await tx.execute(sql.raw(`alter index if exists "${name}" set (fastupdate = ${on ? 'on' : 'off'})`));
      });
      return true;
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      await sleep(100 + attempt * 50);
    }
  }
  return false;
}

/** Merges the pending lists into the indexes: no lock that blocks reads or writes of merchants. */
async function mergePending(db: Db) {
  for (const name of IMPORT_GIN_INDEXES)
    await db.execute(
      sql`select gin_clean_pending_list(c.oid) from pg_class c where c.relname = ${name} and c.relkind = 'i'`,
    );
}

/**
 * Runs an import's batches with the GIN indexes above on their pending lists, then merges the
 * lists and sets the indexes back, also when the work fails. Should the process die in between,
 * the next import's end sets them back (the setting only changes how entries reach the index).
 */
export async function withGinPendingLists<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const switched = await setFastupdate(db, true);
  try {
    return await work();
  } finally {
    if (switched || (await pendingListsOn(db))) {
      await setFastupdate(db, false);
      await mergePending(db);
    }
  }
}

/** Whether an index above was left on its pending list (a run that died before its end). */
async function pendingListsOn(db: Db): Promise<boolean> {
  const result: unknown = await db.execute(
    sql`select 1 from pg_class where relname in ${IMPORT_GIN_INDEXES} and relkind = 'i'
        and not (coalesce(reloptions, '{}') && array['fastupdate=off', 'fastupdate=false'])`,
  );
  return (result as { rows: unknown[] }).rows.length > 0;
}
