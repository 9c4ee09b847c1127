import type { AwayPeriodList, QueueList } from '@boardwalk/shared/schemas/assignment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createTestMerchant, createTestStage } from '../../test/merchant-fixtures.ts';
import { createUser, signIn, signInAs } from '../../test/sign-in.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe('my queue and my away dates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: NOW });
  });
  afterAll(() => t.close());

  it('lists the merchants assigned to me, longest in their stage first, with their SLA state', async () => {
    const me = await createUser(t.db);
    const someoneElse = await createUser(t.db);
    const withSla = await createTestStage(t.db, { slaHours: 24 });
    const noSla = await createTestStage(t.db);
    const late = await createTestMerchant(t.db, {
      stageId: withSla.id,
      assignedUserId: me.id,
      stageEnteredAt: hoursAgo(30),
    });
    const fresh = await createTestMerchant(t.db, {
      stageId: withSla.id,
      assignedUserId: me.id,
      stageEnteredAt: hoursAgo(2),
    });
    const old = await createTestMerchant(t.db, {
      stageId: noSla.id,
      assignedUserId: me.id,
      stageEnteredAt: hoursAgo(90),
    });
    await createTestMerchant(t.db, {
      stageId: withSla.id,
      assignedUserId: someoneElse.id,
      stageEnteredAt: hoursAgo(200),
    });
    await createTestMerchant(t.db, { assignedUserId: me.id, deletedAt: NOW });

    const api = jsonClient(t, await signIn(t, me.email));
    const res = await api.get<QueueList>('/api/me/queue');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.merchants.map((m) => [m.id, m.overSla, m.slaDueAt])).toEqual([
      [old.id, false, null],
      [late.id, true, '2026-11-28T06:00:00.000Z'],
      [fresh.id, false, '2026-11-29T10:00:00.000Z'],
    ]);
    const page = await api.get<QueueList>('/api/me/queue?page=1&pageSize=2');
    expect(page.body.merchants.map((m) => m.id)).toEqual([fresh.id]);
    expect((await api.get<ProblemBody>('/api/me/queue?pageSize=0')).status).toBe(400);
  });

  it('keeps away dates per user: set, listed, removed only by their owner', async () => {
    const { cookie } = await signInAs(t, 'ROLE_STAFF');
    const api = jsonClient(t, cookie);
    const added = await api.post<{ id: string }>('/api/me/away-dates', {
      startsOn: '2026-12-01',
      endsOn: '2026-12-03',
    });
    expect(added.status).toBe(201);
    await api.post('/api/me/away-dates', { startsOn: '2026-11-01', endsOn: '2026-11-02' });
    const listed = await api.get<AwayPeriodList>('/api/me/away-dates');
    // Ended periods are not listed.
    expect(listed.body.awayPeriods).toEqual([{ id: added.body.id, startsOn: '2026-12-01', endsOn: '2026-12-03' }]);
    const bad = await api.post<ProblemBody>('/api/me/away-dates', { startsOn: '1 Dec', endsOn: '2026-12-03' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.startsOn).toBeDefined();

    const other = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    expect((await other.delete(`/api/me/away-dates/${added.body.id}`)).status).toBe(404);
    expect((await api.delete(`/api/me/away-dates/${added.body.id}`)).status).toBe(204);
    const agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
    expect((await agent.get('/api/me/queue')).status).toBe(403);
    expect((await agent.get('/api/me/away-dates')).status).toBe(403);
  });
});
