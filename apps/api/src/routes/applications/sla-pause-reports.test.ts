import { randomUUID } from 'node:crypto';
import type { SlaBreachesReport, TimeInStageReport } from '@boardwalk/shared/schemas/report';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../db/schema/emails.ts';
import { merchants, merchantStageIntervals } from '../../db/schema/merchants.ts';
import { reportScope } from '../../domain/reports/report-scope.ts';
import { slaBreachesReport, timeInStageReport } from '../../domain/reports/stage-reports.service.ts';
import { queueDailyDigests } from '../../jobs/daily-digest.job.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { createTestStage } from '../../test/merchant-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signIn, signInAs, type TestUser } from '../../test/sign-in.ts';
import { fakeJobs, merchantWithContact, sendRequest } from './application-test-kit.ts';

const HOUR = 3_600_000;
const T0 = new Date('2026-11-28T10:00:00Z');
const after = (hours: number) => new Date(T0.getTime() + hours * HOUR);

/**
 * The time waiting on the merchant (an application request open) is taken off the time-in-stage
 * report and the daily digest too, and shown on its own (docs/decisions/114).
 */
describe('the waiting time in the time-in-stage report, the SLA breaches report and the digest', () => {
  let t: TestApp;
  let staff: JsonClient;
  let staffId: string;
  let user: TestUser;
  let jobs: JobSender;
  const at = async (date: Date) => {
    t.clock.set(date);
    staff = jsonClient(t, await signIn(t, user.email, user.password));
  };

  beforeAll(async () => {
    t = await createTestApp({ start: T0 });
    fakeJobs(t);
    if (!t.deps.jobs) throw new Error('fakeJobs sets the job sender');
    jobs = t.deps.jobs;
    const signedIn = await signInAs(t, 'ROLE_STAFF');
    staff = jsonClient(t, signedIn.cookie);
    staffId = signedIn.user.id;
    user = signedIn.user;
  });
  afterAll(() => t.close());

  /**
   * A stage with a 24 h SLA and three merchants 20 h into it at T0: `paused` waits 15 h (a
   * request sent at T0, revoked at T0 + 15 h), `waiting` still waits, `plain` was never sent one.
   */
  async function waitingMerchants(stageName: string) {
    await at(T0);
    const review = await createTestStage(t.db, { name: stageName, slaHours: 24 });
    const place = async () => {
      const m = await merchantWithContact(t, `${randomUUID().slice(0, 8)}@merchant.example`);
      await t.db
        .update(merchants)
        .set({ stageId: review.id, stageEnteredAt: after(-20), assignedUserId: staffId })
        .where(eq(merchants.id, m.id));
      return m;
    };
    const [paused, waiting, plain] = [await place(), await place(), await place()];
    const { request } = await sendRequest(staff, paused.id);
    await sendRequest(staff, waiting.id);
    await at(after(15));
    const revoked = await staff.post(`/api/merchants/${paused.id}/application-requests/${request.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    await at(after(20));
    return { review, paused, waiting, plain };
  }

  it('the digest lists a merchant over SLA only once the waiting is taken off, and says how long it waited', async () => {
    const { paused, waiting, plain } = await waitingMerchants('Digest review');
    await t.db.delete(emails).where(like(emails.idempotencyKey, `digest:${staffId}:%`));
    // 40 h in the stage: `paused` waited 15 (25 counted), `waiting` still waits (20 counted).
    await queueDailyDigests(t.db, jobs, t.clock.now());
    const [digest] = await t.db
      .select()
      .from(emails)
      .where(like(emails.idempotencyKey, `digest:${staffId}:%`));
    expect(digest!.html).toContain(
      `<li>${paused.dbaName}: Digest review for 25 hours (not counting 15 hours waiting on the merchant)</li>`,
    );
    expect(digest!.html).toContain(`<li>${plain.dbaName}: Digest review for 40 hours</li>`);
    expect(digest!.html).not.toContain(waiting.dbaName);
  });

  it('time in stage leaves the waiting out of the median and percentile, and shows it on its own', async () => {
    const { review, paused, plain } = await waitingMerchants('Report review');
    // The stays end at T0 + 20 h: 40 h each, `paused` waited 15 of them.
    for (const m of [paused, plain]) {
      await t.db.delete(merchantStageIntervals).where(eq(merchantStageIntervals.merchantId, m.id));
      await t.db.insert(merchantStageIntervals).values({
        merchantId: m.id,
        stageId: review.id,
        pipeline: review.pipeline,
        enteredAt: after(-20),
        leftAt: after(20),
      });
    }
    const res = await staff.get<TimeInStageReport>('/api/reports/time-in-stage?from=2026-11-28&to=2026-11-29');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.stages.find((s) => s.stageId === review.id);
    // Median of 25 h and 40 h; the 90th percentile 25 + 0.9 × 15.
    expect(row).toMatchObject({ count: 2, medianHours: 32.5, waitingCount: 1, waitingHours: 15 });
    expect(row!.p90Hours).toBeCloseTo(38.5, 6);
    // The stays path (two filters or more) answers what the rollups path does.
    const scope = reportScope({ from: '2026-11-28', to: '2026-11-29', tz: 'UTC' }, t.clock.now());
    expect(await timeInStageReport(t.db, scope, 'stays')).toEqual(await timeInStageReport(t.db, scope));
  });

  it('the SLA breaches report counts a merchant over SLA now only once the waiting is taken off', async () => {
    const { review } = await waitingMerchants('Breaches review');
    // 40 h in a 24 h stage: `paused` counts 25 h (over), `waiting` 20 h (under), `plain` 40 h (over).
    const res = await staff.get<SlaBreachesReport>('/api/reports/sla-breaches?from=2026-11-28&to=2026-11-29');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stages.find((s) => s.stageId === review.id)).toMatchObject({ overSlaNow: 2 });
    // The stays path (two filters or more) answers what the rollups path does.
    const scope = reportScope({ from: '2026-11-28', to: '2026-11-29', tz: 'UTC' }, t.clock.now());
    const overNow = (report: SlaBreachesReport) => report.stages.find((s) => s.stageId === review.id)?.overSlaNow;
    expect(overNow(await slaBreachesReport(t.db, scope, t.clock.now(), 'stays'))).toBe(2);
    expect(overNow(await slaBreachesReport(t.db, scope, t.clock.now()))).toBe(2);
  });
});
