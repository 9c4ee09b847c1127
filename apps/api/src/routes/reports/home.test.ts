import type { HomeSummary } from '@boardwalk/shared/schemas/home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEvents } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs, type TestUser } from '../../test/sign-in.ts';
import { createTestMerchant, createTestStage, type TestStage } from '../../test/merchant-fixtures.ts';

/** "Now" is 2026-03-15 12:00 UTC: the KPI periods are Feb 13 12:00 → now and Jan 14 12:00 → Feb 13 12:00. */
const NOW = new Date('2026-03-15T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('GET /api/home', () => {
  let t: TestApp;
  let admin: { user: TestUser; cookie: string };
  let staff: { user: TestUser; cookie: string };
  const s = {} as Record<'lead' | 'review' | 'live', TestStage>;

  beforeAll(async () => {
    t = await createTestApp({ start: NOW });
    admin = await signInAs(t, 'ROLE_ADMIN');
    staff = await signInAs(t, 'ROLE_STAFF');
  });
  afterAll(() => t.close());

  it('is empty on a fresh database', async () => {
    const res = await jsonClient(t, staff.cookie).get<HomeSummary>('/api/home');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ myStages: [], overSlaMine: [], overSlaAll: null, recentActivity: [] });
    expect(res.body.kpis).toMatchObject({
      periodDays: 30,
      newApplications: { current: 0, previous: 0 },
      approvals: { current: 0, previous: 0 },
      goLives: { current: 0, previous: 0 },
      medianDaysToApprove: { current: null, previous: null },
    });
  });

  it('shows my merchants by stage, over-SLA merchants (everyone’s for admins), activity and KPIs', async () => {
    s.lead = await createTestStage(t.db, { name: 'Lead', pipeline: 'sales', position: 0, slaHours: 24 });
    s.review = await createTestStage(t.db, { name: 'Review', pipeline: 'underwriting', position: 0, slaHours: 48 });
    s.live = await createTestStage(t.db, { name: 'Live', pipeline: 'operations', position: 0 });
    const me = admin.user.id;
    // Mine: a Lead entered 2 days ago (over its 24 h), a Lead entered 1 hour ago, a Review 3 days ago (over 48 h).
    await createTestMerchant(t.db, {
      stageId: s.lead.id,
      assignedUserId: me,
      stageEnteredAt: at('2026-03-13T12:00:00Z'),
      createdAt: at('2026-02-01T00:00:00Z'),
    });
    const fresh = await createTestMerchant(t.db, {
      dbaName: 'Fresh Bakery',
      stageId: s.lead.id,
      assignedUserId: me,
      stageEnteredAt: at('2026-03-15T11:00:00Z'),
      createdAt: at('2026-03-01T00:00:00Z'),
    });
    // Approved after 3 days (current period).
    await createTestMerchant(t.db, {
      stageId: s.review.id,
      assignedUserId: me,
      stageEnteredAt: at('2026-03-12T00:00:00Z'),
      createdAt: at('2026-02-15T00:00:00Z'),
      underwritingDecision: 'approved',
      decidedAt: at('2026-02-18T00:00:00Z'),
    });
    // Someone else's, over SLA; approved after 5 days in the previous period, live Feb 6.
    await createTestMerchant(t.db, {
      stageId: s.lead.id,
      assignedUserId: staff.user.id,
      stageEnteredAt: at('2026-03-10T00:00:00Z'),
      createdAt: at('2026-01-31T00:00:00Z'),
      underwritingDecision: 'approved',
      decidedAt: at('2026-02-05T00:00:00Z'),
      goLiveOn: '2026-02-06',
    });
    // Deleted: nowhere.
    await createTestMerchant(t.db, {
      stageId: s.lead.id,
      assignedUserId: me,
      stageEnteredAt: at('2026-03-01T00:00:00Z'),
      createdAt: at('2026-03-01T00:00:00Z'),
      deletedAt: at('2026-03-02T00:00:00Z'),
    });
    await t.db.insert(merchantEvents).values([
      { merchantId: fresh.id, type: 'created', actorUserId: me, at: at('2026-03-01T00:00:00Z') },
      { merchantId: fresh.id, type: 'note_added', actorUserId: me, at: at('2026-03-14T09:00:00Z') },
    ]);

    const res = await jsonClient(t, admin.cookie).get<HomeSummary>('/api/home');
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.myStages.map((r) => [r.name, r.count])).toEqual([
      ['Lead', 2],
      ['Review', 1],
    ]);
    expect(body.overSlaMine.map((r) => [r.name, r.count, r.enteredBefore])).toEqual([
      ['Lead', 1, '2026-03-14T12:00:00.000Z'],
      ['Review', 1, '2026-03-13T12:00:00.000Z'],
    ]);
    expect(body.overSlaAll?.map((r) => [r.name, r.count])).toEqual([
      ['Lead', 2],
      ['Review', 1],
    ]);
    expect(body.recentActivity.map((a) => [a.dbaName, a.type, a.at])).toEqual([
      ['Fresh Bakery', 'note_added', '2026-03-14T09:00:00.000Z'],
      ['Fresh Bakery', 'created', '2026-03-01T00:00:00.000Z'],
    ]);
    expect(body.recentActivity[0]!.actorName).toBeTruthy();
    // Created: current Feb 15, Mar 1 (the deleted one is out); previous Jan 31, Feb 1.
    expect(body.kpis.newApplications).toEqual({ current: 2, previous: 2 });
    expect(body.kpis.approvals).toEqual({ current: 1, previous: 1 });
    expect(body.kpis.goLives).toEqual({ current: 0, previous: 1 });
    expect(body.kpis.medianDaysToApprove).toEqual({ current: 3, previous: 5 });

    // Staff see only their own over-SLA merchants.
    const theirs = await jsonClient(t, staff.cookie).get<HomeSummary>('/api/home');
    expect(theirs.body.overSlaAll).toBeNull();
    expect(theirs.body.overSlaMine.map((r) => [r.name, r.count])).toEqual([['Lead', 1]]);
    expect(theirs.body.recentActivity).toEqual([]);
  });

  it('links each over-SLA tile to a list filter that answers exactly the merchants it counted', async () => {
    // Mine, in Lead since 30 hours ago: over its 24 h SLA since 6 hours ago. The old day-based
    // link (in the stage until the day before the SLA line) left such merchants out.
    const crossedToday = await createTestMerchant(t.db, {
      dbaName: 'Crossed Today Cafe',
      stageId: s.lead.id,
      assignedUserId: admin.user.id,
      stageEnteredAt: at('2026-03-14T06:00:00Z'),
      createdAt: at('2026-03-01T00:00:00Z'),
    });
    const api = jsonClient(t, admin.cookie);
    const home = (await api.get<HomeSummary>('/api/home')).body;
    const tiles = [
      ...home.overSlaMine.map((tile) => ({ tile, assignee: 'me' })),
      ...(home.overSlaAll ?? []).map((tile) => ({ tile, assignee: null })),
    ];
    expect(tiles.map(({ tile, assignee }) => [tile.name, assignee, tile.count])).toEqual([
      ['Lead', 'me', 2],
      ['Review', 'me', 1],
      ['Lead', null, 3],
      ['Review', null, 1],
    ]);
    for (const { tile, assignee } of tiles) {
      const query = new URLSearchParams({ stageId: tile.stageId, overSla: 'true', pageSize: '100' });
      if (assignee) query.set('assignee', assignee);
      const list = await api.get<{ merchants: { id: string }[]; total: number }>(`/api/merchants?${query}`);
      expect(list.status).toBe(200);
      expect([tile.name, list.body.total, list.body.merchants.length]).toEqual([tile.name, tile.count, tile.count]);
      if (tile.name === 'Lead') expect(list.body.merchants.map((r) => r.id)).toContain(crossedToday.id);
    }
    // The fresh Lead (1 hour in) is under its SLA: not in the filtered list.
    const fresh = await api.get<{ merchants: { dbaName: string }[] }>(
      `/api/merchants?stageId=${s.lead.id}&overSla=true`,
    );
    expect(fresh.body.merchants.map((r) => r.dbaName)).not.toContain('Fresh Bakery');
  });

  it('says which messages on my merchants were only logged, sent or not sent (decision 082)', async () => {
    const owner = await signInAs(t, 'ROLE_SUPERADMIN');
    const mine = await createTestMerchant(t.db, { stageId: s.lead.id, assignedUserId: owner.user.id });
    const email = (messageStatus: string, channel: string, minute: number) => ({
      merchantId: mine.id,
      type: 'email' as const,
      actorUserId: null,
      data: { messageId: crypto.randomUUID(), channel, messageStatus, summary: 'Welcome' },
      at: at(`2026-03-15T10:0${minute}:00Z`),
    });
    await t.db
      .insert(merchantEvents)
      .values([email('logged', 'email', 3), email('sent', 'email', 2), email('failed', 'sms', 1)]);
    await t.db.insert(merchantEvents).values({ merchantId: mine.id, type: 'note_added', actorUserId: null, at: NOW });
    const res = await jsonClient(t, owner.cookie).get<HomeSummary>('/api/home');
    expect(res.body.recentActivity.map((a) => [a.type, a.message])).toEqual([
      ['note_added', null],
      ['email', { channel: 'email', outcome: 'logged' }],
      ['email', { channel: 'email', outcome: 'sent' }],
      ['email', { channel: 'sms', outcome: 'failed' }],
    ]);
  });

  it('answers 403 to an agent', async () => {
    const agent = await signInAs(t, 'ROLE_AGENT');
    expect((await jsonClient(t, agent.cookie).get('/api/home')).status).toBe(403);
  });
});
