import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { cronJobRuns } from '../db/schema/cron-jobs.ts';
import { merchantDrafts } from '../db/schema/merchants.ts';
import { settings } from '../db/schema/settings.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createUser } from '../test/sign-in.ts';
import { BUILT_IN_CRON_JOBS } from './built-in-cron-jobs.ts';
import { registerCronJobs, runCronJob } from './cron-jobs.service.ts';
import { deleteStaleDrafts, merchantDraftRetentionJob } from './merchant-draft-retention.job.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date('2027-03-01T03:35:00Z') });
  await registerCronJobs(t.db, [merchantDraftRetentionJob]);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(merchantDrafts);
});

/** One draft per age in days since its last change; returns their ids in order. */
async function draftsAged(userId: string, ...days: number[]): Promise<string[]> {
  const rows = await t.db
    .insert(merchantDrafts)
    .values(
      days.map((d) => ({
        userId,
        title: `${d}d`,
        dataEnc: 'v1.x.x.x',
        sealedValues: {},
        createdAt: new Date(t.clock.now().getTime() - 90 * DAY),
        updatedAt: new Date(t.clock.now().getTime() - d * DAY),
      })),
    )
    .returning({ id: merchantDrafts.id });
  return rows.map((r) => r.id);
}

const titlesLeft = async (ids: string[]) =>
  (await t.db.select({ title: merchantDrafts.title }).from(merchantDrafts).where(inArray(merchantDrafts.id, ids)))
    .map((r) => r.title)
    .sort();

describe('merchant draft retention', () => {
  it('is a built-in daily job', () => {
    expect(BUILT_IN_CRON_JOBS).toContain(merchantDraftRetentionJob);
    expect(merchantDraftRetentionJob.cron).toBe('35 3 * * *');
  });

  it('deletes drafts nobody changed for 30 days by default, of every user, in batches, audited once', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const ids = [...(await draftsAged(a.id, 45, 31, 29, 0)), ...(await draftsAged(b.id, 30.01, 2))];
    const result = await deleteStaleDrafts(t.db, { now: t.clock.now(), batchSize: 1 });
    expect(result).toMatchObject({ deleted: 3, retentionDays: 30 });
    expect(await titlesLeft(ids)).toEqual(['0d', '29d', '2d']);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant_draft.purge'), eq(auditLog.actorLabel, 'job:merchant-draft-retention')));
    expect(audits.map((row) => row.changes)).toEqual([
      { deleted: 3, before: '2027-01-30T03:35:00.000Z', retentionDays: 30 },
    ]);
    // Run again: nothing is left to delete, and nothing is audited.
    expect(await deleteStaleDrafts(t.db, { now: t.clock.now() })).toMatchObject({ deleted: 0 });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'merchant_draft.purge'))).toHaveLength(1);
  });

  it('follows the merchantDraftRetentionDays setting, run as the cron job', async () => {
    const user = await createUser(t.db);
    const ids = await draftsAged(user.id, 8, 6);
    await t.db.insert(settings).values({ key: 'merchantDraftRetentionDays', value: 7 });
    try {
      const queueJobId = uuidv7();
      const context = { db: t.db, logger: t.deps.logger, now: t.clock.now, signal: new AbortController().signal };
      const outcome = await runCronJob(merchantDraftRetentionJob, context, { queueJobId, attempt: 1, data: {} });
      expect(outcome).toMatchObject({ output: { deleted: 1, retentionDays: 7 } });
      const [run] = await t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, queueJobId));
      expect(run).toMatchObject({ jobName: 'merchant-draft-retention', status: 'succeeded' });
      expect(await titlesLeft(ids)).toEqual(['6d']);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'merchantDraftRetentionDays'));
    }
  });
});
