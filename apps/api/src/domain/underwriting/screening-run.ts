import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { screeningRuns } from '../../db/schema/sanctions.ts';
import { readSetting } from '../../auth/settings.ts';
import { loadMerchantsToScreen, screenLoaded } from './screening.service.ts';

/** Merchants per transaction: small enough that a batch's locks and memory stay short. */
export const RESCREEN_BATCH = 500;

const SYSTEM = { actorUserId: null, actorTokenId: null, actorLabel: 'sanctions rescreen', ip: null };

/**
 * The whole portfolio against the active lists after an import (docs/decisions/099), in batches
 * of merchants by id, each its own transaction, with the run's progress written after each batch
 * for the imports page. Safe to run twice: a hit already raised is not raised again, and a run
 * that is done stays done. Stops between batches when `signal` aborts (the job is re-run).
 */
export async function runRescreen(
  db: Db,
  runId: string,
  encryptionKey: string,
  now: () => Date,
  signal?: AbortSignal,
  batch = RESCREEN_BATCH,
) {
  const [run] = await db.select().from(screeningRuns).where(eq(screeningRuns.id, runId));
  if (!run || run.state === 'done')
    return { state: run?.state ?? 'missing', done: run?.done ?? 0, hits: run?.hits ?? 0 };
  const live = isNull(merchants.deletedAt);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(merchants).where(live);
  await db.update(screeningRuns).set({ state: 'running', total, done: 0, hits: 0 }).where(eq(screeningRuns.id, runId));
  const threshold = await readSetting(db, 'sanctionsMatchThreshold');
  let after: string | null = null;
  let done = 0;
  let hits = 0;
  for (;;) {
    if (signal?.aborted) return { state: 'running', done, hits };
    const ids: string[] = (
      await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(after ? and(live, gt(merchants.id, after)) : live)
        .orderBy(asc(merchants.id))
        .limit(batch)
    ).map((r) => r.id);
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    hits += await db.transaction(async (tx) =>
      screenLoaded(
        tx,
        await loadMerchantsToScreen(tx, ids),
        encryptionKey,
        { userId: null, now: now(), audit: SYSTEM },
        threshold,
      ),
    );
    done += ids.length;
    await db.update(screeningRuns).set({ done, hits }).where(eq(screeningRuns.id, runId));
  }
  await db
    .update(screeningRuns)
    .set({ state: 'done', done, hits, finishedAt: now() })
    .where(eq(screeningRuns.id, runId));
  return { state: 'done', done, hits };
}
