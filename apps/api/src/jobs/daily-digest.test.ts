import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emails } from '../db/schema/emails.ts';
import { todos } from '../db/schema/todos.ts';
import { createTestMerchant, createTestStage } from '../test/merchant-fixtures.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startTestJobEngine } from '../test/job-engine.ts';
import { createUser } from '../test/sign-in.ts';
import { registerCronJobs, runCronJob } from './cron-jobs.service.ts';
import { dailyDigestJob } from './daily-digest.job.ts';
import type { JobEngine } from './job-engine.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let engine: JobEngine;
beforeAll(async () => {
  t = await createTestApp({ start: new Date('2027-03-10T07:00:00Z') });
  engine = await startTestJobEngine(t, { cronJobs: [] });
  await registerCronJobs(t.db, [dailyDigestJob]);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const day = (offsetDays: number) => new Date(t.clock.now().getTime() + offsetDays * DAY).toISOString().slice(0, 10);

describe('the daily digest', () => {
  it('emails each assignee their todos due and merchants over SLA, once a day', async () => {
    const sam = await createUser(t.db, { email: `sam-${randomUUID().slice(0, 6)}@test.example` });
    const idle = await createUser(t.db);
    const suspended = await createUser(t.db, { status: 'suspended' });
    await t.db.insert(todos).values([
      { title: 'Call <Blue Harbor> back', dueOn: day(-2), assigneeId: sam.id },
      { title: 'Check the voided check', dueOn: day(0), assigneeId: sam.id },
      { title: 'Next week', dueOn: day(7), assigneeId: sam.id },
      { title: 'Done already', dueOn: day(-1), assigneeId: sam.id, isCompleted: true },
      { title: 'Gone', dueOn: day(-1), assigneeId: sam.id, deletedAt: t.clock.now() },
      { title: 'Not theirs to read', dueOn: day(-1), assigneeId: suspended.id },
    ]);
    const review = await createTestStage(t.db, { name: `Review ${randomUUID().slice(0, 4)}`, slaHours: 24 });
    await createTestMerchant(t.db, {
      dbaName: 'Late & Co',
      stageId: review.id,
      assignedUserId: sam.id,
      stageEnteredAt: new Date(t.clock.now().getTime() - 50 * HOUR),
    });
    await createTestMerchant(t.db, {
      dbaName: 'On time',
      stageId: review.id,
      assignedUserId: sam.id,
      stageEnteredAt: new Date(t.clock.now().getTime() - 2 * HOUR),
    });

    const context = {
      db: t.db,
      logger: t.deps.logger,
      now: t.clock.now,
      signal: new AbortController().signal,
      jobs: engine.boss,
    };
    const first = await runCronJob(dailyDigestJob, context, { queueJobId: randomUUID(), attempt: 1, data: {} });
    expect(first).toMatchObject({ output: { queued: 1, alreadyQueued: 0, day: '2027-03-10' } });

    const mine = () => t.db.select().from(emails).where(eq(emails.to, sam.email));
    await vi.waitFor(async () => expect((await mine())[0]?.status).toBe('sent'), { timeout: 15_000, interval: 100 });
    const [digest] = await mine();
    expect(digest).toMatchObject({
      channel: 'email',
      transport: 'log',
      causeType: 'digest',
      causeId: sam.id,
      subject: 'Boardwalk daily digest: 2 todos due, 1 merchant over SLA',
    });
    expect(digest!.html).toContain('<li>Call &lt;Blue Harbor&gt; back (due 2027-03-08, overdue)</li>');
    expect(digest!.html).toContain('<li>Check the voided check (due 2027-03-10)</li>');
    expect(digest!.html).toContain(`<li>Late &amp; Co: ${review.name} for 50 hours</li>`);
    expect(digest!.html).not.toContain('Next week');
    expect(digest!.html).not.toContain('Done already');
    expect(digest!.html).not.toContain('On time');
    expect(digest!.text).toContain('- Call <Blue Harbor> back (due 2027-03-08, overdue)');
    const others = await t.db.select().from(emails).where(eq(emails.to, idle.email));
    expect(others).toEqual([]);
    expect(await t.db.select().from(emails).where(eq(emails.to, suspended.email))).toEqual([]);

    // Run again the same day (run now, or a retry): nothing more goes out.
    const second = await runCronJob(dailyDigestJob, context, { queueJobId: randomUUID(), attempt: 1, data: {} });
    expect(second).toMatchObject({ output: { queued: 0, alreadyQueued: 1 } });
    expect(await mine()).toHaveLength(1);
  });
});
