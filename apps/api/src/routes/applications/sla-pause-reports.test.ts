import type { TimeInStageReport } from '@boardwalk/shared/schemas/report';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../db/schema/emails.ts';
import { merchants, merchantStageIntervals } from '../../db/schema/merchants.ts';
import { reportScope } from '../../domain/reports/report-scope.ts';
import { timeInStageReport } from '../../domain/reports/stage-reports.service.ts';
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
describe('the waiting time in the time-in-stage report and the digest', () => {
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
    jobs = t.deps.jobs;
    const signedIn = await signInAs(t, 'ROLE_STAFF');
    staff = jsonClient(t, signedIn.cookie);
    staffId = signedIn.user.id;
    user = signedIn.user;
  });
  afterAll(() => t.close());

  it('takes the waiting time off and lists it apart', async () => {
    const review = await createTestStage(t.db, { name: 'Waiting review', slaHours: 24 });
    const place = async (email: string) => {
      const m = await merchantWithContact(t, email);
      await t.db
        .update(merchants)
        .set({ stageId: review.id, stageEnteredAt: after(-20), assignedUserId: staffId })
        .where(eq(merchants.id, m.id));
      return m;
    };
    const paused = await place('paused@merchant.example');
    const waiting = await place('waiting@merchant.example');
    const plain = await place('plain@merchant.example');
    const { request } = await sendRequest(staff, paused.id);
    await sendRequest(staff, waiting.id);

    await at(after(15));
    const revoked = await staff.post(`/api/merchants/${paused.id}/application-requests/${request.id}/revoke`, {});
    expect(revoked.status).toBe(200);

    // 40 h in the stage: `paused` waited 15 (25 counted), `waiting` still waits (20 counted).
    await at(after(20));
    await queueDailyDigests(t.db, jobs, t.clock.now());
    const [digest] = await t.db.select().from(emails).where(like(emails.idempotencyKey, `digest:${staffId}:%`));
    expect(digest!.html).toContain(
      `<li>${paused.dbaName}: Waiting review for 25 hours (not counting 15 hours waiting on the merchant)</li>`,
    );
    expect(digest!.html).toContain(`<li>${plain.dbaName}: Waiting review for 40 hours</li>`);
    expect(digest!.html).not.toContain(waiting.dbaName);
    expect(digest!.subject).toContain('2 merchants over SLA');

    // The stays end: 40 h each, `paused` waited 15 of them.
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
    // The stays path answers the same as the rollups.
    const scope = reportScope({ from: '2026-11-28', to: '2026-11-29' }, t.clock.now());
    expect(await timeInStageReport(t.db, scope, 'stays')).toEqual(await timeInStageReport(t.db, scope));
  });
});
