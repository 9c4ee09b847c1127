import { inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { readSetting } from '../auth/settings.ts';
import type { Db } from '../db/client.ts';
import { merchantDrafts } from '../db/schema/merchants.ts';
import { writeAudit } from '../lib/audit.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DRAFT_RETENTION_BATCH_SIZE = 1000;

/**
 * A merchant draft holds sensitive values (sealed, decision 074) for as long as it lives: one
 * nobody changed for `merchantDraftRetentionDays` (default 30) is deleted by this daily job.
 * Counted from the last change, so an application still being worked on stays. Safe to run twice.
 */
export const merchantDraftRetentionJob = defineCronJob({
  name: 'merchant-draft-retention',
  cron: '35 3 * * *',
  description: 'Deletes merchant drafts nobody changed for the draft retention setting (default 30 days).',
  payload: z.strictObject({}),
  run: ({ db, now, signal }) => deleteStaleDrafts(db, { now: now(), signal }),
});

export async function deleteStaleDrafts(
  db: Db,
  options: { now: Date; batchSize?: number; signal?: AbortSignal },
): Promise<{ deleted: number; retentionDays: number; cutoff: string }> {
  const batchSize = options.batchSize ?? DRAFT_RETENTION_BATCH_SIZE;
  const retentionDays = await readSetting(db, 'merchantDraftRetentionDays');
  const cutoff = new Date(options.now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    options.signal?.throwIfAborted(); // stopping: what is deleted stays deleted; a retry does the rest
    const oldest = db
      .select({ id: merchantDrafts.id })
      .from(merchantDrafts)
      .where(lt(merchantDrafts.updatedAt, cutoff))
      .orderBy(merchantDrafts.updatedAt)
      .limit(batchSize);
    const rows = await db
      .delete(merchantDrafts)
      .where(inArray(merchantDrafts.id, oldest))
      .returning({ id: merchantDrafts.id });
    deleted += rows.length;
    if (rows.length < batchSize) break;
  }
  if (deleted > 0) {
    await writeAudit(db, {
      action: 'merchant_draft.purge',
      outcome: 'success',
      actorLabel: `job:${merchantDraftRetentionJob.name}`,
      subjectType: 'merchant_draft',
      changes: { deleted, before: cutoff.toISOString(), retentionDays },
    });
  }
  return { deleted, retentionDays, cutoff: cutoff.toISOString() };
}
