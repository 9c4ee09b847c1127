import { eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cronJobRuns } from '../db/schema/cron-jobs.ts';
import { notifications } from '../db/schema/notifications.ts';
import { settings } from '../db/schema/settings.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createUser } from '../test/sign-in.ts';
import { deleteOldNotifications } from '../domain/notifications/notification-retention.ts';
import { BUILT_IN_CRON_JOBS } from './built-in-cron-jobs.ts';
import { registerCronJobs, runCronJob } from './cron-jobs.service.ts';
import { notificationRetentionJob } from './notification-retention.job.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date('2027-06-01T03:45:00Z') });
  await registerCronJobs(t.db, [notificationRetentionJob]);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(notifications);
});

type Kind = 'read' | 'unread' | 'email-sent' | 'email-pending';

/** One notification per (age in days, state), titled "<age>d <state>". */
async function notificationsAged(userId: string, ...rows: [number, Kind][]): Promise<void> {
  const now = t.clock.now().getTime();
  await t.db.insert(notifications).values(
    rows.map(([days, kind]) => ({
      userId,
      kind: 'assigned' as const,
      title: `${days}d ${kind}`,
      createdAt: new Date(now - days * DAY),
      readAt: kind === 'read' ? new Date(now - (days - 0.5) * DAY) : null,
      inApp: kind === 'read' || kind === 'unread',
      emailState: kind === 'email-sent' ? ('queued' as const) : kind === 'email-pending' ? ('pending' as const) : null,
    })),
  );
}

const titlesLeft = async (userIds: string[]) =>
  (await t.db.select({ title: notifications.title }).from(notifications).where(inArray(notifications.userId, userIds)))
    .map((r) => r.title)
    .sort();

describe('notification retention', () => {
  it('is a built-in daily job', () => {
    expect(BUILT_IN_CRON_JOBS).toContain(notificationRetentionJob);
    expect(notificationRetentionJob.cron).toBe('45 3 * * *');
  });

  it('deletes only read (or never readable) notifications older than 90 days, in batches; unread ones stay', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await notificationsAged(
      a.id,
      [120, 'read'],
      [91, 'read'],
      [89, 'read'],
      [0, 'read'],
      [400, 'unread'],
      [1, 'unread'],
    );
    await notificationsAged(b.id, [95, 'email-sent'], [95, 'email-pending'], [60, 'email-sent'], [90.01, 'read']);
    const result = await deleteOldNotifications(t.db, { now: t.clock.now(), batchSize: 2 });
    expect(result).toMatchObject({ deleted: 4, retentionDays: 90, cutoff: '2027-03-03T03:45:00.000Z' });
    expect(await titlesLeft([a.id])).toEqual(['0d read', '1d unread', '400d unread', '89d read']);
    expect(await titlesLeft([b.id])).toEqual(['60d email-sent', '95d email-pending']);
    // Run again: nothing more to delete.
    expect(await deleteOldNotifications(t.db, { now: t.clock.now() })).toMatchObject({ deleted: 0 });
  });

  it("deletes a deleted user's old notifications, read or not", async () => {
    const gone = await createUser(t.db);
    await notificationsAged(gone.id, [100, 'unread'], [10, 'unread']);
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, gone.id));
    expect(await deleteOldNotifications(t.db, { now: t.clock.now() })).toMatchObject({ deleted: 1 });
    expect(await titlesLeft([gone.id])).toEqual(['10d unread']);
  });

  it('follows the notificationRetentionDays setting, run as the cron job', async () => {
    const user = await createUser(t.db);
    await notificationsAged(user.id, [200, 'read'], [150, 'read']);
    await t.db.insert(settings).values({ key: 'notificationRetentionDays', value: 180 });
    try {
      const queueJobId = uuidv7();
      const context = { db: t.db, logger: t.deps.logger, now: t.clock.now, signal: new AbortController().signal };
      const outcome = await runCronJob(notificationRetentionJob, context, { queueJobId, attempt: 1, data: {} });
      expect(outcome).toMatchObject({ output: { deleted: 1, retentionDays: 180 } });
      const [run] = await t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, queueJobId));
      expect(run).toMatchObject({ jobName: 'notification-retention', status: 'succeeded' });
      expect(await titlesLeft([user.id])).toEqual(['150d read']);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'notificationRetentionDays'));
    }
  });
});
