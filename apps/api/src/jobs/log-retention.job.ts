import { inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { readSetting } from '../auth/settings.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit-log.ts';
import { writeAudit } from '../lib/audit.ts';
import { defineCronJob } from '../lib/jobs/cron-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows deleted per statement: each batch is its own short transaction, so no lock is held long. */
export const LOG_RETENTION_BATCH_SIZE = 1000;

/**
 * The audit log is kept for the `logRetentionDays` setting (at least 365 days,
 * PCI DSS 10.5.1; the setting's schema refuses less and readSetting falls back to the default
 * for a stored value that is no longer valid) and older rows are deleted by this daily job.
 */
export const logRetentionJob = defineCronJob({
  name: 'log-retention',
  cron: '15 3 * * *',
  description: 'Deletes audit log rows older than the log retention setting (at least 365 days).',
  payload: z.strictObject({}),
  run: ({ db, now, signal }) => deleteExpiredAuditRows(db, { now: now(), signal }),
});

export type RetentionResult = { deleted: number; batches: number; retentionDays: number; cutoff: string };

/**
 * Deletes audit rows older than the retention period, oldest first, in batches. Running it twice
 * deletes nothing the second time. The purge itself is audited when it deleted anything.
 */
export async function deleteExpiredAuditRows(
  db: Db,
  options: { now: Date; batchSize?: number; signal?: AbortSignal },
): Promise<RetentionResult> {
  const batchSize = options.batchSize ?? LOG_RETENTION_BATCH_SIZE;
  const retentionDays = await readSetting(db, 'logRetentionDays');
  const cutoff = new Date(options.now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  let batches = 0;
  for (;;) {
    options.signal?.throwIfAborted(); // stopping: what is deleted stays deleted; a retry does the rest
    const oldest = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(lt(auditLog.at, cutoff))
      .orderBy(auditLog.at)
      .limit(batchSize);
    const rows = await db.delete(auditLog).where(inArray(auditLog.id, oldest)).returning({ id: auditLog.id });
    deleted += rows.length;
    batches += 1;
    if (rows.length < batchSize) break;
  }
  if (deleted > 0) {
    await writeAudit(db, {
      action: 'audit_log.purge',
      outcome: 'success',
      actorLabel: `job:${logRetentionJob.name}`,
      subjectType: 'audit_log',
      changes: { deleted, before: cutoff.toISOString(), retentionDays },
    });
  }
  return { deleted, batches, retentionDays, cutoff: cutoff.toISOString() };
}
