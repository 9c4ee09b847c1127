import { randomUUID } from 'node:crypto';
import type { CronJob, CronJobRunsResponse, MessageDetail, MessageListResponse } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import { cronJobRuns, cronJobs } from '../../db/schema/cron-jobs.ts';
import { emails } from '../../db/schema/emails.ts';
import { expiredCredentialsJob } from '../../jobs/expired-credentials.job.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { logRetentionJob } from '../../jobs/log-retention.job.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';
import { JOB_ENGINE_ABSENT } from '../../lib/jobs/job-engine-of.ts';

const CRON_JOBS = [logRetentionJob, expiredCredentialsJob];

let t: TestApp;
let engine: JobEngine;
let admin: JsonClient;
let staff: JsonClient;
/** The same app with the engine's sender, as main.ts builds it. */
let adminWithEngine: JsonClient;

beforeAll(async () => {
  t = await createTestApp();
  engine = await startTestJobEngine(t, { cronJobs: CRON_JOBS, scheduleCheckMs: 3_600_000 });
  const a = await signInAs(t, 'ROLE_ADMIN');
  const s = await signInAs(t, 'ROLE_STAFF');
  admin = jsonClient(t, a.cookie);
  staff = jsonClient(t, s.cookie);
  adminWithEngine = jsonClient({ ...t, app: createApp({ ...t.deps, jobs: engine.boss }) }, a.cookie);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

async function message(fields: Partial<typeof emails.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(emails)
    .values({
      channel: 'email',
      to: 'someone@test.example',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
      recipient: 'contact',
      idempotencyKey: randomUUID(),
      causeType: 'manual',
      ...fields,
    })
    .returning();
  return row!;
}

describe('GET /api/history/emails', () => {
  it('lists messages newest first with their merchant, filtered by status, channel, merchant, dates and q', async () => {
    const m = await insertTestMerchant(t, { dbaName: 'Filter Fixture' });
    const tag = randomUUID().slice(0, 8);
    const sent = await message({ subject: `Welcome ${tag}`, status: 'sent', merchantId: m.id, transport: 'log' });
    const failed = await message({ subject: `Failed ${tag}`, status: 'failed', error: 'refused' });
    const sms = await message({ channel: 'sms', to: '+1 555 0100', text: `SMS ${tag}`, subject: '', status: 'sent' });

    const all = await admin.get<MessageListResponse>(`/api/history/emails?q=${tag}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2); // q matches recipient and subject, not the SMS text
    const byStatus = await admin.get<MessageListResponse>('/api/history/emails?status=failed&pageSize=100');
    expect(byStatus.body.emails.map((e) => e.id)).toContain(failed.id);
    expect(byStatus.body.emails.every((e) => e.status === 'failed')).toBe(true);
    const byMerchant = await admin.get<MessageListResponse>(`/api/history/emails?merchantId=${m.id}`);
    expect(byMerchant.body.emails).toMatchObject([
      { id: sent.id, merchantName: 'Filter Fixture', transport: 'log', status: 'sent' },
    ]);
    const smsOnly = await admin.get<MessageListResponse>('/api/history/emails?channel=sms&pageSize=100');
    expect(smsOnly.body.emails.map((e) => e.id)).toEqual([sms.id]);
    const future = await admin.get<MessageListResponse>('/api/history/emails?from=2999-01-01');
    expect(future.body).toMatchObject({ emails: [], total: 0, allData: [] });
    expect((await admin.get('/api/history/emails?status=lost')).status).toBe(400);
  });

  it('tells a message that was only logged (no SMTP server) from one a server took (decision 082)', async () => {
    const tag = randomUUID().slice(0, 8);
    const logged = await message({ subject: `Logged ${tag}`, status: 'sent', transport: 'log', sentAt: new Date() });
    const sent = await message({ subject: `Sent ${tag}`, status: 'sent', transport: 'smtp', sentAt: new Date() });
    const stored = await message({ channel: 'sms', to: `+1 555 ${tag}`, status: 'sent', transport: 'sms-log' });
    const all = await admin.get<MessageListResponse>(`/api/history/emails?q=${tag}`);
    expect(Object.fromEntries(all.body.emails.map((e) => [e.id, e.outcome]))).toEqual({
      [logged.id]: 'logged',
      [sent.id]: 'sent',
      [stored.id]: 'logged',
    });
    const onlyLogged = await admin.get<MessageListResponse>(`/api/history/emails?q=${tag}&status=logged`);
    expect(onlyLogged.body.emails.map((e) => e.id).sort()).toEqual([logged.id, stored.id].sort());
    const reallySent = await admin.get<MessageListResponse>(`/api/history/emails?q=${tag}&status=sent`);
    expect(reallySent.body.emails.map((e) => e.id)).toEqual([sent.id]);
    const detail = await staff.get<MessageDetail>(`/api/history/emails/${logged.id}`);
    expect(detail.body).toMatchObject({ status: 'sent', transport: 'log', outcome: 'logged' });
  });

  it('filters by the automation whose runs sent the messages', async () => {
    const automation = await admin.post<{ id: string; name: string }>('/api/automations', {
      data: {
        name: `Sender ${randomUUID()}`,
        trigger: { type: 'merchant_created' },
        actions: [{ type: 'set_field', config: { field: 'mid', value: 'X' } }],
      },
    });
    expect(automation.status, JSON.stringify(automation.body)).toBe(201);
    const run = async (automationId: string | null) => {
      const key = randomUUID();
      const [row] = await t.db
        .insert(automationExecutions)
        .values({
          automationId,
          automationName: 'Sender',
          triggerType: 'merchant_created',
          triggerKey: key,
          idempotencyKey: key,
          actions: [],
          results: [],
          status: 'succeeded',
        })
        .returning();
      return row!.id;
    };
    const mine = await message({ causeType: 'automation', causeId: await run(automation.body.id) });
    await message({ causeType: 'automation', causeId: await run(null) }); // another automation's, since deleted
    await message({ causeType: 'stage_action', causeId: randomUUID() });
    const res = await staff.get<MessageListResponse>(`/api/history/emails?automationId=${automation.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body.emails.map((e) => e.id)).toEqual([mine.id]);
    expect((await admin.get('/api/history/emails?automationId=nope')).status).toBe(400);
  });

  it('shows one message with its rendered HTML and text, and 404 for an unknown id', async () => {
    const row = await message({ html: '<p>Dear <b>Maria</b></p>', text: 'Dear Maria' });
    const res = await staff.get<MessageDetail>(`/api/history/emails/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, html: '<p>Dear <b>Maria</b></p>', text: 'Dear Maria' });
    expect((await admin.get(`/api/history/emails/${randomUUID()}`)).status).toBe(404);
  });
});

describe('POST /api/history/emails/{id}/retry', () => {
  it('answers 503 when this process runs no job engine', async () => {
    const row = await message({ status: 'failed', error: 'refused' });
    const res = await admin.post<ProblemBody>(`/api/history/emails/${row.id}/retry`, {});
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(JOB_ENGINE_ABSENT);
  });

  it('is for admins only', async () => {
    const row = await message({ status: 'failed' });
    expect((await staff.post(`/api/history/emails/${row.id}/retry`, {})).status).toBe(403);
  });

  it('queues a failed message again, audited, and the engine sends it', async () => {
    const row = await message({ status: 'failed', error: 'Mailbox unavailable', attempts: 3 });
    const res = await adminWithEngine.post<MessageDetail>(`/api/history/emails/${row.id}/retry`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'queued', error: null });
    await vi.waitFor(
      async () => expect((await t.db.select().from(emails).where(eq(emails.id, row.id)))[0]?.status).toBe('sent'),
      { timeout: 15_000, interval: 100 },
    );
    const [after] = await t.db.select().from(emails).where(eq(emails.id, row.id));
    expect(after).toMatchObject({ transport: 'log', attempts: 4 });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.retry'), eq(auditLog.subjectId, row.id)));
    expect(audits).toHaveLength(1);
  });

  it('refuses a message that is not failed, or has no address', async () => {
    const sent = await message({ status: 'sent' });
    expect((await adminWithEngine.post(`/api/history/emails/${sent.id}/retry`, {})).status).toBe(409);
    const noAddress = await message({ status: 'failed', to: '' });
    expect((await adminWithEngine.post(`/api/history/emails/${noAddress.id}/retry`, {})).status).toBe(409);
  });
});

describe('/api/history/cron-jobs', () => {
  const job = async (name: string) =>
    (await admin.get<{ cronJobs: CronJob[] }>('/api/history/cron-jobs')).body.cronJobs.find((j) => j.name === name)!;

  it('lists the jobs with expression, pause, last and next run', async () => {
    const res = await staff.get<{ cronJobs: CronJob[] }>('/api/history/cron-jobs');
    expect(res.status).toBe(200);
    const retention = res.body.cronJobs.find((j) => j.name === 'log-retention');
    expect(retention).toMatchObject({ cron: '15 3 * * *', paused: false, lastRunAt: null });
    expect(new Date(retention!.nextRunAt!).toISOString()).toMatch(/T03:15:00\.000Z$/);
  });

  it('pauses and resumes a job (admins; audited); a paused job has no next run and is unscheduled', async () => {
    expect((await staff.post('/api/history/cron-jobs/expired-credentials/pause', {})).status).toBe(403);
    const paused = await admin.post<CronJob>('/api/history/cron-jobs/expired-credentials/pause', {});
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ paused: true, nextRunAt: null });
    await engine.checkSchedules();
    expect(await engine.boss.getSchedules('expired-credentials')).toEqual([]);
    expect((await adminWithEngine.post<ProblemBody>('/api/history/cron-jobs/expired-credentials/run', {})).status).toBe(
      409,
    );

    const resumed = await admin.post<CronJob>('/api/history/cron-jobs/expired-credentials/resume', {});
    expect(resumed.body).toMatchObject({ paused: false });
    await engine.checkSchedules();
    expect(await engine.boss.getSchedules('expired-credentials')).toHaveLength(1);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, 'expired-credentials'));
    expect(actions.map((a) => a.action)).toEqual(['cron_job.pause', 'cron_job.resume']);
  });

  it('changes the expression after checking it, and pg-boss follows', async () => {
    const current = await job('log-retention');
    const bad = await admin.patch<ProblemBody>('/api/history/cron-jobs/log-retention', {
      cron: '99 3 * * *',
      updatedAt: current.updatedAt,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.cron?.[0]).toMatch(/Not a valid cron expression/);
    expect((await admin.patch('/api/history/cron-jobs/log-retention', { cron: '0 4 * * *' })).status).toBe(428);
    t.clock.advance(60_000); // the edit happens after the row was read
    const ok = await admin.patch<CronJob>('/api/history/cron-jobs/log-retention', {
      cron: '0 4 * * *',
      updatedAt: current.updatedAt,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ cron: '0 4 * * *' });
    expect(ok.body.nextRunAt).toMatch(/T04:00:00\.000Z$/);
    const stale = await admin.patch('/api/history/cron-jobs/log-retention', {
      cron: '0 5 * * *',
      updatedAt: current.updatedAt,
    });
    expect(stale.status).toBe(409);
    await engine.checkSchedules();
    expect(await engine.boss.getSchedule('log-retention')).toMatchObject({ cron: '0 4 * * *' });
    expect(
      (await admin.patch('/api/history/cron-jobs/no-such-job', { cron: '0 4 * * *', updatedAt: current.updatedAt }))
        .status,
    ).toBe(404);
  });

  it('runs a job now (503 without an engine), and the run is recorded and listed', async () => {
    const without = await admin.post<ProblemBody>('/api/history/cron-jobs/log-retention/run', {});
    expect(without.status).toBe(503);
    expect((await staff.post('/api/history/cron-jobs/log-retention/run', {})).status).toBe(403);
    const res = await adminWithEngine.post<{ queueJobId: string }>('/api/history/cron-jobs/log-retention/run', {});
    expect(res.status).toBe(202);
    await vi.waitFor(
      async () => {
        const [run] = await t.db.select().from(cronJobRuns).where(eq(cronJobRuns.queueJobId, res.body.queueJobId));
        expect(run?.status).toBe('succeeded');
      },
      { timeout: 15_000, interval: 100 },
    );
    const runs = await staff.get<CronJobRunsResponse>('/api/history/cron-jobs/log-retention/runs?pageSize=1');
    expect(runs.status).toBe(200);
    expect(runs.body).toMatchObject({
      total: 1,
      cronJobRuns: [{ queueJobId: res.body.queueJobId, attempt: 1, status: 'succeeded' }],
    });
    const failedOnly = await staff.get<CronJobRunsResponse>('/api/history/cron-jobs/log-retention/runs?status=failed');
    expect(failedOnly.body.total).toBe(0);
    expect((await job('log-retention')).lastRunStatus).toBe('succeeded');
    const [row] = await t.db.select().from(cronJobs).where(eq(cronJobs.name, 'log-retention'));
    expect(row?.lastRunAt).not.toBeNull();
    expect((await staff.get('/api/history/cron-jobs/nope/runs')).status).toBe(404);
  });
});
