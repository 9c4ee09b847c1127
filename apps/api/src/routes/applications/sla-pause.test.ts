import type { SlaPause } from '@boardwalk/shared/schemas/application';
import type { HomeSummary } from '@boardwalk/shared/schemas/home';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signIn, signInAs, type TestUser } from '../../test/sign-in.ts';
import { fakeJobs, merchantWithContact, sendRequest } from './application-test-kit.ts';

const HOUR = 3_600_000;
const T0 = new Date('2026-11-28T10:00:00Z');

describe('the stage SLA clock pauses while an application request is open', () => {
  let t: TestApp;
  let staff: JsonClient;
  let staffId: string;
  let user: TestUser;
  /** The clock jumps hours: the session would be idle, so sign in again at the new time. */
  const at = async (date: Date) => {
    t.clock.set(date);
    staff = jsonClient(t, await signIn(t, user.email, user.password));
  };

  beforeAll(async () => {
    t = await createTestApp({ start: T0 });
    fakeJobs(t);
    const signedIn = await signInAs(t, 'ROLE_STAFF');
    staff = jsonClient(t, signedIn.cookie);
    staffId = signedIn.user.id;
    user = signedIn.user;
  });
  afterAll(() => t.close());

  const overSlaIds = async () => {
    const res = await staff.get<{ merchants: { id: string }[] }>('/api/merchants?overSla=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.merchants.map((m) => m.id);
  };
  const mineOver = async (stageId: string) =>
    (await staff.get<HomeSummary>('/api/home')).body.overSlaMine.find((s) => s.stageId === stageId)?.count ?? 0;

  it('the waiting time is taken off in the over-SLA filter and the home tiles, and counts again after', async () => {
    const m = await merchantWithContact(t);
    await t.db.update(stages).set({ slaHours: 24 }).where(eq(stages.id, m.stageId));
    // 20 h in the stage when the request goes out.
    await t.db
      .update(merchants)
      .set({ stageEnteredAt: new Date(T0.getTime() - 20 * HOUR), assignedUserId: staffId })
      .where(eq(merchants.id, m.id));
    const { request } = await sendRequest(staff, m.id);

    await at(new Date(T0.getTime() + 10 * HOUR)); // 30 h in the stage, 10 of them waiting
    expect(await overSlaIds()).not.toContain(m.id);
    expect(await mineOver(m.stageId)).toBe(0);
    // The record shows the waiting time on its own, and since when it waits.
    const waiting = await staff.get<SlaPause>(`/api/merchants/${m.id}/sla-pause`);
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body).toEqual({ pausedSeconds: 10 * 3600, waitingSince: T0.toISOString() });

    await at(new Date(T0.getTime() + 15 * HOUR));
    const revoked = await staff.post(`/api/merchants/${m.id}/application-requests/${request.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    await at(new Date(T0.getTime() + 18 * HOUR)); // 38 h, 15 waiting: 23 h counted
    expect(await overSlaIds()).not.toContain(m.id);
    expect((await staff.get<SlaPause>(`/api/merchants/${m.id}/sla-pause`)).body).toEqual({
      pausedSeconds: 15 * 3600,
      waitingSince: null,
    });
    await at(new Date(T0.getTime() + 20 * HOUR)); // 40 h, 15 waiting: 25 h counted
    expect(await overSlaIds()).toContain(m.id);
    expect(await mineOver(m.stageId)).toBe(1);
  });
});

describe('the waiting time of a merchant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: T0 });
  });
  afterAll(() => t.close());

  it('is 0 for a merchant never sent a request, and 404 for no merchant', async () => {
    const staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    const m = await merchantWithContact(t);
    expect((await staff.get(`/api/merchants/${m.id}/sla-pause`)).body).toEqual({
      pausedSeconds: 0,
      waitingSince: null,
    });
    expect((await staff.get('/api/merchants/00000000-0000-7000-8000-000000000000/sla-pause')).status).toBe(404);
  });
});
