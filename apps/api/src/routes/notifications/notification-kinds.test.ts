import { randomUUID } from 'node:crypto';
import type { NotificationList } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import { emails } from '../../db/schema/emails.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { notifyApplication } from '../../domain/notifications/notification-events.ts';
import { queueNotificationEmails } from '../../domain/notifications/notification-emails.ts';
import { notifySlaDeadlines } from '../../domain/notifications/sla-notifications.ts';
import { runAutomationExecution } from '../../domain/workflow/automation-run.ts';
import { registerCronJobs, runCronJob } from '../../jobs/cron-jobs.service.ts';
import { defineCronJob } from '../../lib/jobs/cron-job.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { createTestMerchant, createTestStage, TEST_ENCRYPTION_KEY } from '../../test/merchant-fixtures.ts';
import { createUser, signIn } from '../../test/sign-in.ts';
import { addRule, enterStage } from '../assignment/assignment-test-helpers.ts';
import { notificationsOf } from './notifications-test-helpers.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;
/** Records what would be sent; the emails rows are what the test reads. */
const sender = { send: async () => randomUUID() };

describe('what users are notified of', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: NOW });
  });
  afterAll(() => t.close());

  it('tells the assignee once, not whoever assigned themselves, by hand and by rule', async () => {
    const admin = await createUser(t.db, { role: 'ROLE_ADMIN' });
    const ann = await createUser(t.db);
    const api = jsonClient(t, await signIn(t, admin.email));
    const merchant = await createTestMerchant(t.db, { dbaName: 'Blue Harbor' });
    expect((await api.post(`/api/merchants/${merchant.id}/assignment`, { assignedUserId: ann.id })).status).toBe(200);
    expect((await api.post(`/api/merchants/${merchant.id}/assignment`, { assignedUserId: ann.id })).status).toBe(200);
    const [told] = await notificationsOf(t, ann.id, 'assigned');
    expect(told).toMatchObject({ title: 'Blue Harbor was assigned to you', merchantId: merchant.id, emailState: null });
    expect(await notificationsOf(t, ann.id)).toHaveLength(1);
    await api.post(`/api/merchants/${merchant.id}/assignment`, { assignedUserId: admin.id });
    expect(await notificationsOf(t, admin.id)).toHaveLength(0);

    const stage = await createTestStage(t.db);
    await addRule(api, { stageId: stage.id, pipeline: null, userIds: [ann.id] });
    const next = await createTestMerchant(t.db, { dbaName: 'Rule Co' });
    expect(await enterStage(api, next.id, stage.id)).toBe(200);
    const byRule = (await notificationsOf(t, ann.id, 'assigned')).find((n) => n.merchantId === next.id);
    expect(byRule?.body).toContain('assignment rule');
  });

  it('tells each mentioned user once per note, respecting their choice of channel', async () => {
    const author = await createUser(t.db);
    const bob = await createUser(t.db);
    const carol = await createUser(t.db);
    // Bob wants mentions by email only.
    await t.db.insert(notificationPreferences).values({ userId: bob.id, kind: 'mentioned', inApp: false, email: true });
    const merchant = await createTestMerchant(t.db, { dbaName: 'Noted Inc' });
    const api = jsonClient(t, await signIn(t, author.email));
    const note = await api.post<{ id: string; updatedAt: string; mentions: string[] }>(
      `/api/merchants/${merchant.id}/notes`,
      { body: `@Bob please check`, mentions: [bob.id, author.id] },
    );
    expect(note.status).toBe(201);
    expect(note.body.mentions).toEqual([bob.id, author.id]);
    const edited = await api.patch(`/api/merchants/${merchant.id}/notes/${note.body.id}`, {
      body: '@Bob @Carol please check',
      mentions: [bob.id, carol.id],
      updatedAt: note.body.updatedAt,
    });
    expect(edited.status).toBe(200);
    expect(await notificationsOf(t, author.id)).toHaveLength(0);
    const [toBob] = await notificationsOf(t, bob.id);
    expect(toBob).toMatchObject({ kind: 'mentioned', inApp: false, emailState: 'pending' });
    expect(await notificationsOf(t, bob.id)).toHaveLength(1);
    const [toCarol] = await notificationsOf(t, carol.id);
    expect(toCarol).toMatchObject({ inApp: true, emailState: 'pending', body: '@Bob @Carol please check' });
    // Email only: not in Bob's list, but his email is queued through the messages path, once.
    const bobApi = jsonClient(t, await signIn(t, bob.email));
    expect((await bobApi.get<NotificationList>('/api/me/notifications')).body.total).toBe(0);
    await queueNotificationEmails(t.db, sender, NOW);
    await queueNotificationEmails(t.db, sender, NOW);
    const sent = await t.db.select().from(emails).where(eq(emails.to, bob.email));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'queued', causeType: 'notification', causeId: toBob!.id });
    expect(sent[0]!.subject).toContain('mentioned you on Noted Inc');
    expect((await notificationsOf(t, bob.id))[0]!.emailState).toBe('queued');

    const unknown = await api.post(`/api/merchants/${merchant.id}/notes`, { body: 'x', mentions: [randomUUID()] });
    expect(unknown.status).toBe(400);
  });

  it('tells the assignee an SLA is about to end and that it ended, once each', async () => {
    const ann = await createUser(t.db);
    const quiet = await createUser(t.db);
    await t.db.insert(notificationPreferences).values({ userId: quiet.id, kind: 'sla', inApp: false, email: false });
    const stage = await createTestStage(t.db, { name: `Review ${randomUUID().slice(0, 4)}`, slaHours: 10 });
    const at = (hoursIn: number) => new Date(NOW.getTime() - hoursIn * HOUR);
    const soon = await createTestMerchant(t.db, { stageId: stage.id, assignedUserId: ann.id, stageEnteredAt: at(9) });
    const ended = await createTestMerchant(t.db, { stageId: stage.id, assignedUserId: ann.id, stageEnteredAt: at(11) });
    await createTestMerchant(t.db, { stageId: stage.id, assignedUserId: ann.id, stageEnteredAt: at(2) });
    await createTestMerchant(t.db, { stageId: stage.id, assignedUserId: quiet.id, stageEnteredAt: at(11) });
    const first = await notifySlaDeadlines(t.db, NOW);
    expect(first).toEqual({ slaSoon: 1, slaEnded: 1 });
    expect(await notifySlaDeadlines(t.db, NOW)).toEqual({ slaSoon: 0, slaEnded: 0 });
    const rows = await notificationsOf(t, ann.id, 'sla');
    expect(rows.map((r) => [r.merchantId, r.title.endsWith('about to end')])).toEqual([
      [soon.id, true],
      [ended.id, false],
    ]);
    // Two hours on, the first one's SLA has ended too: news once more, then no more.
    expect(await notifySlaDeadlines(t.db, new Date(NOW.getTime() + 2 * HOUR))).toEqual({ slaSoon: 0, slaEnded: 1 });
    expect(await notificationsOf(t, quiet.id)).toHaveLength(0);
  });

  it('tells the assignee and the sender of the link an application was submitted or signed, once', async () => {
    const ann = await createUser(t.db);
    const sender = await createUser(t.db);
    const merchant = await createTestMerchant(t.db, { dbaName: 'Applied', assignedUserId: ann.id });
    const request = { id: randomUUID(), merchantId: merchant.id, createdBy: sender.id };
    const run = (what: 'submitted' | 'signed') =>
      t.db.transaction((tx) => notifyApplication(tx as unknown as Db, request, what, NOW));
    expect(await run('submitted')).toBe(2);
    expect(await run('submitted')).toBe(0);
    expect(await run('signed')).toBe(2);
    expect((await notificationsOf(t, ann.id)).map((n) => n.title)).toEqual([
      'Applied: the application was submitted',
      'Applied: the application was signed',
    ]);
  });

  it('tells administrators, not staff, when a job or an automation fails for good', async () => {
    const admin = await createUser(t.db, { role: 'ROLE_ADMIN' });
    const staff = await createUser(t.db);
    const failing = defineCronJob({
      name: `failing-${randomUUID().slice(0, 6)}`,
      cron: '0 0 * * *',
      description: 'Fails',
      payload: z.strictObject({}),
      run: async () => {
        throw new Error('disk full');
      },
    });
    await registerCronJobs(t.db, [failing]);
    const context = { db: t.db, logger: t.deps.logger, now: t.clock.now, signal: new AbortController().signal };
    const queueJobId = randomUUID();
    await expect(runCronJob(failing, context, { queueJobId, attempt: 1, data: {} })).rejects.toThrow('disk full');
    expect(await notificationsOf(t, admin.id, 'job_failed')).toHaveLength(0);
    const last = { queueJobId, attempt: 4, data: {}, lastAttempt: true };
    await expect(runCronJob(failing, context, last)).rejects.toThrow('disk full');
    const [told] = await notificationsOf(t, admin.id, 'job_failed');
    expect(told).toMatchObject({ link: '/history/cron-jobs', body: 'Error: disk full' });

    const merchant = await createTestMerchant(t.db, { dbaName: 'Broken Run' });
    const [execution] = await t.db
      .insert(automationExecutions)
      .values({
        automationName: 'Assign nobody',
        merchantId: merchant.id,
        triggerType: 'merchant_created',
        triggerKey: randomUUID(),
        idempotencyKey: randomUUID(),
        actions: [{ type: 'assign_user', config: { mode: 'fixed', userId: randomUUID() } }],
      })
      .returning();
    const env = {
      db: t.db,
      logger: t.deps.logger,
      now: t.clock.now,
      signal: new AbortController().signal,
      encryptionKey: TEST_ENCRYPTION_KEY,
      jobs: null,
    };
    const outcome = await runAutomationExecution(env, { executionId: execution!.id, retryCount: 0, retryLimit: 3 });
    expect(outcome).toMatchObject({ status: 'failed' });
    const failed = (await notificationsOf(t, admin.id, 'job_failed')).find((n) => n.merchantId === merchant.id);
    expect(failed?.title).toBe('The automation “Assign nobody” failed on Broken Run');
    expect(await notificationsOf(t, staff.id)).toHaveLength(0);
  });
});
