import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantImports } from '../../db/schema/merchant-imports.ts';
import type { MerchantCaller } from '../merchants/record/merchant-store.ts';
import { BatchAlreadyDone, IMPORT_BATCH, runBatch, type ImportJob } from './import-batch.ts';
import { withGinPendingLists } from './import-gin.ts';

export { IMPORT_BATCH } from './import-batch.ts';

/**
 * Batches in flight at once, each in its own transaction on its own connection (on PGlite, one
 * connection, they take turns). One by default: two did not pay on this 2-core machine under
 * the others' load (decision 120); `workers: 2` is there to measure again on a quiet machine.
 */
export const IMPORT_WORKERS = 1;

/** From this many rows left, the GIN indexes take the rows through their pending lists. */
export const IMPORT_BULK_ROWS = 5_000;

/** A batch that lost a deadlock (two batches locking shared rows: rollups, words) runs again. */
const DEADLOCK_TRIES = 4;

type PgError = { code?: string; cause?: { code?: string } };
const isDeadlock = (error: unknown) => [(error as PgError).code, (error as PgError).cause?.code].includes('40P01');

async function batchWithRetry(db: Db, job: ImportJob, batch: number, caller: MerchantCaller) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runBatch(db, job, batch, caller);
    } catch (error) {
      if (error instanceof BatchAlreadyDone) return;
      if (!isDeadlock(error) || attempt >= DEADLOCK_TRIES) throw error;
    }
  }
}

/**
 * Runs the batches not finished yet, `workers` at a time. After a failure no new batch starts;
 * the one beside it finishes and counts, and the error is thrown once both have stopped.
 */
async function runBatches(db: Db, job: ImportJob, batches: number[], caller: MerchantCaller, workers: number) {
  const queue = [...batches];
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (let batch = queue.shift(); batch !== undefined && !failure; batch = queue.shift()) {
      try {
        await batchWithRetry(db, job, batch, caller);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure) throw failure.error;
}

/**
 * The import job's work, safe to run twice: each batch commits with its number among the finished
 * ones, so a retried job runs only the batches not committed yet, in any order, each once. Bad
 * rows were counted out when the import was confirmed (skip chosen) and are passed over here.
 */
export async function runImport(
  db: Db,
  importId: string,
  caller: MerchantCaller,
  options: { workers?: number; bulkRows?: number } = {},
): Promise<{ state: string }> {
  const [job] = await db.select().from(merchantImports).where(eq(merchantImports.id, importId));
  if (!job || job.state === 'done' || job.state === 'uploaded' || !job.mapping)
    return { state: job?.state ?? 'missing' };
  await db.update(merchantImports).set({ state: 'running' }).where(eq(merchantImports.id, importId));
  const finished = new Set(job.batchesDone);
  const batches = Array.from({ length: Math.ceil(job.rowCount / IMPORT_BATCH) }, (_, i) => i).filter(
    (batch) => !finished.has(batch),
  );
  const run = () => runBatches(db, job, batches, caller, options.workers ?? IMPORT_WORKERS);
  try {
    if (batches.length * IMPORT_BATCH >= (options.bulkRows ?? IMPORT_BULK_ROWS)) await withGinPendingLists(db, run);
    else await run();
    await db
      .update(merchantImports)
      .set({ state: 'done', finishedAt: new Date() })
      .where(eq(merchantImports.id, importId));
    return { state: 'done' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(merchantImports)
      .set({ state: 'failed', error: message.slice(0, 500), finishedAt: new Date() })
      .where(eq(merchantImports.id, importId));
    throw error;
  }
}
