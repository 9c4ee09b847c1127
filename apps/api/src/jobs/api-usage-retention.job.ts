import { inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { deleteEndedRateLimitWindows } from '../auth/rate-limiter.ts';
import { readSetting } from '../auth/settings.ts';
import type { Db } from '../db/client.ts';
import { apiRequests } from '../db/schema/api-tokens.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const API_USAGE_RETENTION_BATCH_SIZE = 5000;

/**
 * The API usage log keeps `apiUsageRetentionDays` (default 90) and this daily job
 * deletes older rows, in batches of short transactions, and the rate-limit counters whose window
 * ended (a key that comes back starts a new window anyway). Safe to run twice.
 */
export const apiUsageRetentionJob = defineCronJob({
  name: 'api-usage-retention',
  cron: '25 3 * * *',
  description: 'Deletes API usage rows older than the API usage retention setting, and ended rate-limit windows.',
  payload: z.strictObject({}),
  run: ({ db, now, signal }) => deleteExpiredApiUsage(db, { now: now(), signal }),
});

export async function deleteExpiredApiUsage(
  db: Db,
  options: { now: Date; batchSize?: number; signal?: AbortSignal },
): Promise<{ deleted: number; retentionDays: number; cutoff: string; rateLimitWindows: number }> {
  const batchSize = options.batchSize ?? API_USAGE_RETENTION_BATCH_SIZE;
  const retentionDays = await readSetting(db, 'apiUsageRetentionDays');
  const cutoff = new Date(options.now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const oldest = db
      .select({ id: apiRequests.id })
      .from(apiRequests)
      .where(lt(apiRequests.at, cutoff))
      .orderBy(apiRequests.at)
      .limit(batchSize);
    const rows = await db.delete(apiRequests).where(inArray(apiRequests.id, oldest)).returning({ id: apiRequests.id });
    deleted += rows.length;
    if (rows.length < batchSize) break;
  }
  const rateLimitWindows = await deleteEndedRateLimitWindows(db, options.now);
  return { deleted, retentionDays, cutoff: cutoff.toISOString(), rateLimitWindows };
}
