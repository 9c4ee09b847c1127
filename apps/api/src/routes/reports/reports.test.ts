import type {
  DecisionsReport,
  FunnelReport,
  NewMerchantsReport,
  ProductionReport,
  SlaBreachesReport,
  TimeInStageReport,
} from '@boardwalk/shared/schemas/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { merchantStageIntervals } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import {
  createTestMerchant,
  createTestStage,
  type TestMerchant,
  type TestStage,
} from '../../test/merchant-fixtures.ts';

/**
 * Every report against one small fixture whose right answers are worked out by hand in the
 * comments. "Now" is 2026-03-15 12:00 UTC; most checks count February 2026 (Feb 1 is a Sunday).
 * New York is UTC−5 in February, so its February runs from 05:00 UTC on Feb 1 to 05:00 UTC on Mar 1.
 */
const NOW = new Date('2026-03-15T12:00:00Z');
const FEB = 'from=2026-02-01&to=2026-02-28';
const at = (iso: string) => new Date(iso);

describe('reports API', () => {
  let t: TestApp;
  let api: JsonClient;
  const s = {} as Record<'lead' | 'application' | 'review' | 'live' | 'lost', TestStage>;
  const m = {} as Record<'m1' | 'm2' | 'm3' | 'm4' | 'm5' | 'm6' | 'm7' | 'm8' | 'm9' | 'm10', TestMerchant>;
  let companyId: string;

  const get = async <B>(path: string) => {
    const res = await api.get<B>(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const byName = <R extends { name: string }>(rows: R[]) => Object.fromEntries(rows.map((r) => [r.name, r]));

  async function stay(merchant: TestMerchant, stage: TestStage, enteredAt: string, leftAt: string | null) {
    await t.db.insert(merchantStageIntervals).values({
      merchantId: merchant.id,
      stageId: stage.id,
      pipeline: stage.pipeline,
      enteredAt: at(enteredAt),
      leftAt: leftAt ? at(leftAt) : null,
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ start: NOW });
    api = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    const [company] = await t.db.insert(companies).values({ name: 'Cobalt Bank', type: 'processor' }).returning();
    companyId = company!.id;

    s.lead = await createTestStage(t.db, { name: 'Lead', pipeline: 'sales', position: 0, slaHours: 24 });
    s.application = await createTestStage(t.db, { name: 'Application', pipeline: 'sales', position: 1 });
    s.review = await createTestStage(t.db, { name: 'Review', pipeline: 'underwriting', position: 0, slaHours: 48 });
    s.live = await createTestStage(t.db, { name: 'Live', pipeline: 'operations', position: 0 });
    s.lost = await createTestStage(t.db, { name: 'Lost', pipeline: 'dead', position: 0 });

    // Created 00:30 in New York on Feb 1; approved Feb 5, live Feb 6.
    m.m1 = await createTestMerchant(t.db, {
      stageId: s.live.id,
      stageEnteredAt: at('2026-02-06T06:00:00Z'),
      createdAt: at('2026-02-01T05:30:00Z'),
      companyId,
      underwritingDecision: 'approved',
      underwritingReason: 'Good history',
      decidedAt: at('2026-02-05T06:00:00Z'),
      monthlyVolume: 10000,
      goLiveOn: '2026-02-06',
    });
    // Created Jan 31 23:30 in New York (Feb 1 in UTC); declined Feb 10.
    m.m2 = await createTestMerchant(t.db, {
      stageId: s.lost.id,
      stageEnteredAt: at('2026-02-10T12:00:00Z'),
      createdAt: at('2026-02-01T04:30:00Z'),
      underwritingDecision: 'declined',
      underwritingReason: 'High risk',
      decidedAt: at('2026-02-10T12:00:00Z'),
    });
    // Created Feb 28 22:00 in New York (Mar 1 in UTC); still pending.
    m.m3 = await createTestMerchant(t.db, {
      stageId: s.application.id,
      stageEnteredAt: at('2026-02-20T00:00:00Z'),
      createdAt: at('2026-03-01T03:00:00Z'),
    });
    // Deleted: counts nowhere.
    m.m4 = await createTestMerchant(t.db, {
      stageId: s.lead.id,
      stageEnteredAt: at('2026-02-10T00:00:00Z'),
      createdAt: at('2026-02-10T12:00:00Z'),
      underwritingDecision: 'declined',
      underwritingReason: 'Fraud',
      decidedAt: at('2026-02-11T00:00:00Z'),
      deletedAt: at('2026-02-12T00:00:00Z'),
    });
    m.m5 = await createTestMerchant(t.db, {
      stageId: s.review.id,
      stageEnteredAt: at('2026-02-18T00:00:00Z'),
      createdAt: at('2026-02-15T00:00:00Z'),
      companyId,
      underwritingDecision: 'approved',
      underwritingReason: 'Good history',
      decidedAt: at('2026-02-18T00:00:00Z'),
      monthlyVolume: 5000.5,
    });
    // Created in January; declined 23:30 UTC on Feb 28.
    m.m6 = await createTestMerchant(t.db, {
      stageId: s.lost.id,
      createdAt: at('2026-01-05T00:00:00Z'),
      underwritingDecision: 'declined',
      underwritingReason: 'High risk',
      decidedAt: at('2026-02-28T23:30:00Z'),
    });
    // Approved 02:00 UTC on Mar 1 = Feb 28 21:00 in New York, with no reason; live Mar 1.
    m.m7 = await createTestMerchant(t.db, {
      stageId: s.live.id,
      createdAt: at('2026-01-06T00:00:00Z'),
      underwritingDecision: 'approved',
      decidedAt: at('2026-03-01T02:00:00Z'),
      goLiveOn: '2026-03-01',
    });

    await stay(m.m1, s.lead, '2026-02-01T06:00:00Z', '2026-02-02T06:00:00Z'); // 24 h
    await stay(m.m1, s.application, '2026-02-02T06:00:00Z', '2026-02-05T06:00:00Z'); // 72 h
    await stay(m.m1, s.review, '2026-02-05T06:00:00Z', '2026-02-06T06:00:00Z'); // 24 h
    await stay(m.m1, s.live, '2026-02-06T06:00:00Z', null);
    await stay(m.m2, s.lead, '2026-02-03T00:00:00Z', '2026-02-04T12:00:00Z'); // 36 h
    await stay(m.m2, s.application, '2026-02-04T12:00:00Z', '2026-02-06T12:00:00Z'); // 48 h
    await stay(m.m2, s.review, '2026-02-06T12:00:00Z', '2026-02-10T12:00:00Z'); // 96 h
    await stay(m.m2, s.lost, '2026-02-10T12:00:00Z', null);
    await stay(m.m3, s.lead, '2026-01-20T00:00:00Z', '2026-02-20T00:00:00Z'); // 744 h, entered in January
    await stay(m.m3, s.application, '2026-02-20T00:00:00Z', null);
    await stay(m.m4, s.lead, '2026-02-10T00:00:00Z', '2026-02-11T00:00:00Z');
    await stay(m.m5, s.lead, '2026-02-15T00:00:00Z', '2026-02-16T00:00:00Z'); // 24 h
    await stay(m.m5, s.application, '2026-02-16T00:00:00Z', '2026-02-18T00:00:00Z'); // 48 h
    await stay(m.m5, s.review, '2026-02-18T00:00:00Z', null); // open: 612 h by now

    // December 2025, for the funnel's cohorts only (no other report counts December): merchants
    // that go back and forth, created in November, now in Lost (a stage without an SLA).
    for (const key of ['m8', 'm9', 'm10'] as const) {
      m[key] = await createTestMerchant(t.db, {
        stageId: s.lost.id,
        stageEnteredAt: at('2025-12-20T00:00:00Z'),
        createdAt: at('2025-11-15T00:00:00Z'),
      });
    }
    await stay(m.m8, s.lead, '2025-11-28T00:00:00Z', '2025-12-02T00:00:00Z'); // entered before the range
    await stay(m.m8, s.application, '2025-12-02T00:00:00Z', '2025-12-05T00:00:00Z');
    await stay(m.m8, s.lead, '2025-12-05T00:00:00Z', '2025-12-08T00:00:00Z'); // back to Lead
    await stay(m.m8, s.application, '2025-12-08T00:00:00Z', '2025-12-20T00:00:00Z');
    await stay(m.m8, s.lost, '2025-12-20T00:00:00Z', null);
    await stay(m.m9, s.application, '2025-12-01T00:00:00Z', '2025-12-03T00:00:00Z');
    await stay(m.m9, s.lead, '2025-12-03T00:00:00Z', '2025-12-04T00:00:00Z'); // back, then lost
    await stay(m.m9, s.lost, '2025-12-04T00:00:00Z', null);
    await stay(m.m10, s.lead, '2025-11-20T00:00:00Z', '2025-12-01T00:00:00Z'); // entered before the range
    await stay(m.m10, s.application, '2025-12-01T00:00:00Z', '2025-12-02T00:00:00Z');
    await stay(m.m10, s.review, '2025-12-02T00:00:00Z', '2025-12-03T00:00:00Z');
    await stay(m.m10, s.lost, '2025-12-03T00:00:00Z', null);
  });
  afterAll(() => t.close());

  describe('funnel', () => {
    it('follows the stays begun in each stage in the range to the next stage', async () => {
      const body = await get<FunnelReport>(`/api/reports/funnel?${FEB}`);
      expect(body.range).toEqual({
        from: '2026-02-01',
        to: '2026-02-28',
        tz: 'UTC',
        start: '2026-02-01T00:00:00.000Z',
        end: '2026-03-01T00:00:00.000Z',
      });
      // Lead: m1, m2, m5 (m3 entered in January, m4 is deleted), all three moved on to Application.
      // Application: m1, m2, m3, m5; m1, m2 and m5 moved on to Review (m3 is still there). Review:
      // m1, m2, m5; m1 went live, m2 was lost. Live: m1 (the end of the flow). Lost: m2 (a closed
      // pipeline: no conversion). Dividing Application's entries by Lead's gave 4 / 3: m3 entered
      // Application in the range from a Lead stay begun before it.
      expect(body.stages.map((r) => [r.name, r.entered, r.converted, r.conversion])).toEqual([
        ['Lead', 3, 3, 1],
        ['Application', 4, 3, 3 / 4],
        ['Review', 3, 1, 1 / 3],
        ['Live', 1, null, null],
        ['Lost', 1, null, null],
      ]);
    });

    it('counts each stay once and converts it only when it moved straight on to the next stage', async () => {
      const body = await get<FunnelReport>('/api/reports/funnel?from=2025-12-01&to=2025-12-31');
      // Lead: m8's stay of Dec 5 (its stay of Nov 28 began before the range; Dec 5 → Application)
      // and m9's of Dec 3 (→ Lost). Application: m8 twice (Dec 2 → back to Lead, Dec 8 → Lost),
      // m9 (→ Lead) and m10 (→ Review). Review: m10 (→ Lost). Dividing entries by entries would
      // have given Lead → Application 4 / 2 = 200%.
      expect(body.stages.map((r) => [r.name, r.entered, r.converted, r.conversion])).toEqual([
        ['Lead', 2, 1, 1 / 2],
        ['Application', 4, 1, 1 / 4],
        ['Review', 1, 0, 0],
        ['Live', 0, null, null],
        ['Lost', 3, null, null],
      ]);
      for (const stage of body.stages) expect(stage.conversion ?? 0).toBeLessThanOrEqual(1);
    });

    it('applies the filters to the merchants behind the entries', async () => {
      // Company: m1 and m5 only.
      const body = await get<FunnelReport>(`/api/reports/funnel?${FEB}&companyId=${companyId}`);
      expect(body.filters.companyId).toBe(companyId);
      expect(body.stages.map((r) => [r.name, r.entered, r.conversion])).toEqual([
        ['Lead', 2, 1],
        ['Application', 2, 1],
        ['Review', 2, 0.5],
        ['Live', 1, null],
        ['Lost', 0, null],
      ]);
    });

    it('takes the days as the zone’s calendar days', async () => {
      // Feb 1 00:00–06:00 UTC is still January in New York: m1's Lead entry at 06:00 UTC is 01:00 there.
      const body = await get<FunnelReport>('/api/reports/funnel?from=2026-02-01&to=2026-02-01&tz=America/New_York');
      expect(body.range.start).toBe('2026-02-01T05:00:00.000Z');
      expect(body.range.end).toBe('2026-02-02T05:00:00.000Z');
      expect(byName(body.stages).Lead!.entered).toBe(1);
      const tokyo = await get<FunnelReport>('/api/reports/funnel?from=2026-02-01&to=2026-02-01&tz=Asia/Tokyo');
      // Tokyo's Feb 1 ends at 15:00 UTC: the entry at 06:00 UTC is inside, as in UTC.
      expect(tokyo.range.end).toBe('2026-02-01T15:00:00.000Z');
      expect(byName(tokyo.stages).Lead!.entered).toBe(1);
    });
  });

  describe('new merchants', () => {
    it('counts per week in UTC, the first week clamped to the first day', async () => {
      // Weeks start Monday: Feb 1 (Sunday, clamped), 2, 9, 16, 23. m1 and m2 on Feb 1; m5 on Feb 15.
      const body = await get<NewMerchantsReport>(`/api/reports/new-merchants?${FEB}&interval=week`);
      expect(body.buckets).toEqual([
        { start: '2026-02-01', count: 2 },
        { start: '2026-02-02', count: 0 },
        { start: '2026-02-09', count: 1 },
        { start: '2026-02-16', count: 0 },
        { start: '2026-02-23', count: 0 },
      ]);
      expect(body.total).toBe(3);
    });

    it('counts per week in New York: other merchants at both edges', async () => {
      // m2 (Jan 31 there) falls out, m3 (Feb 28 22:00 there) comes in; m5 is Feb 14 19:00 there.
      const body = await get<NewMerchantsReport>(`/api/reports/new-merchants?${FEB}&interval=week&tz=America/New_York`);
      expect(body.buckets.map((b) => b.count)).toEqual([1, 0, 1, 0, 1]);
      expect(body.range.tz).toBe('America/New_York');
    });

    it('counts per month (the default), leaving out deleted merchants', async () => {
      // January: m6, m7. February: m1, m2, m5 (m4 deleted). March: m3.
      const body = await get<NewMerchantsReport>('/api/reports/new-merchants?from=2026-01-01&to=2026-03-31');
      expect(body.interval).toBe('month');
      expect(body.buckets).toEqual([
        { start: '2026-01-01', count: 2 },
        { start: '2026-02-01', count: 3 },
        { start: '2026-03-01', count: 1 },
      ]);
    });
  });

  describe('time in stage', () => {
    it('gives the median and 90th percentile of the stays that ended in the range', async () => {
      const body = byName((await get<TimeInStageReport>(`/api/reports/time-in-stage?${FEB}`)).stages);
      // Lead: 24, 24, 36, 744 → median (24 + 36) / 2 = 30; p90 at rank 0.9 × 3 = 2.7: 36 + 0.7 × 708 = 531.6.
      expect(body.Lead).toMatchObject({ count: 4, medianHours: 30 });
      expect(body.Lead!.p90Hours).toBeCloseTo(531.6, 6);
      // Application: 48, 48, 72 → median 48; p90 at rank 1.8: 48 + 0.8 × 24 = 67.2.
      expect(body.Application).toMatchObject({ count: 3, medianHours: 48 });
      expect(body.Application!.p90Hours).toBeCloseTo(67.2, 6);
      // Review: 24, 96 (m5's stay is still open) → median 60; p90 at rank 0.9: 24 + 0.9 × 72 = 88.8.
      expect(body.Review).toMatchObject({ count: 2, medianHours: 60 });
      expect(body.Review!.p90Hours).toBeCloseTo(88.8, 6);
      expect(body.Live).toMatchObject({ count: 0, medianHours: null, p90Hours: null });
    });
  });

  describe('decisions', () => {
    it('gives approval and decline rates with reasons, in UTC', async () => {
      // Approved m1, m5; declined m2, m6 (23:30 on Feb 28). m7 (Mar 1 02:00) and m4 (deleted) are out.
      const body = await get<DecisionsReport>(`/api/reports/decisions?${FEB}`);
      expect(body).toMatchObject({ decided: 4, approved: 2, declined: 2, approvalRate: 0.5, declineRate: 0.5 });
      expect(body.reasons).toEqual([
        { decision: 'approved', reason: 'Good history', count: 2 },
        { decision: 'declined', reason: 'High risk', count: 2 },
      ]);
    });

    it('moves the edges with the zone', async () => {
      // New York's February ends at 05:00 UTC on Mar 1: m7 (02:00 UTC) is in.
      const body = await get<DecisionsReport>(`/api/reports/decisions?${FEB}&tz=America/New_York`);
      expect(body).toMatchObject({ decided: 5, approved: 3, declined: 2, approvalRate: 0.6, declineRate: 0.4 });
      expect(body.reasons).toContainEqual({ decision: 'approved', reason: '', count: 1 });
    });
  });

  describe('SLA breaches', () => {
    it('counts the stays begun in the range that outlasted the SLA, and who is over it now', async () => {
      const body = byName((await get<SlaBreachesReport>(`/api/reports/sla-breaches?${FEB}`)).stages);
      // Only stages with an SLA. Lead (24 h): m1 24 h (not over), m2 36 h (over), m5 24 h → 1 of 3.
      // Review (48 h): m1 24 h, m2 96 h, m5 open for 612 h → 2 of 3; m5 is over it now.
      expect(Object.keys(body)).toEqual(['Lead', 'Review']);
      expect(body.Lead).toMatchObject({ slaHours: 24, entered: 3, breached: 1, breachRate: 1 / 3, overSlaNow: 0 });
      expect(body.Review).toMatchObject({ slaHours: 48, entered: 3, breached: 2, breachRate: 2 / 3, overSlaNow: 1 });
    });
  });

  describe('production', () => {
    it('gives applications, approvals, go-lives and approved volume per company', async () => {
      const body = await get<ProductionReport>(`/api/reports/production?${FEB}&by=company`);
      // Applications: m1, m5 (Cobalt), m2 (none). Approvals: m1 10,000 + m5 5,000.50. Go-live: m1 (Feb 6).
      expect(body.rows).toEqual([
        { id: companyId, name: 'Cobalt Bank', applications: 2, approvals: 2, goLives: 1, approvedVolume: 15000.5 },
        { id: null, name: 'No company', applications: 1, approvals: 0, goLives: 0, approvedVolume: 0 },
      ]);
    });

    it('groups by agent by default', async () => {
      const body = await get<ProductionReport>(`/api/reports/production?${FEB}`);
      expect(body.by).toBe('agent');
      expect(body.rows).toEqual([
        { id: null, name: 'No agent', applications: 3, approvals: 2, goLives: 1, approvedVolume: 15000.5 },
      ]);
    });
  });

  describe('input and access', () => {
    it('defaults to this month so far in the zone', async () => {
      const body = await get<FunnelReport>('/api/reports/funnel?tz=Asia/Tokyo');
      expect(body.range).toMatchObject({ from: '2026-03-01', to: '2026-03-15', tz: 'Asia/Tokyo' });
      expect(body.range.start).toBe('2026-02-28T15:00:00.000Z');
    });

    it('refuses an unknown zone, a reversed range, a range too long and a bad filter with 400', async () => {
      for (const query of [
        'tz=Mars/Olympus',
        'from=2026-02-10&to=2026-02-01',
        'from=2020-01-01&to=2026-01-01',
        'agentId=nope',
        'from=2026-02-30',
      ]) {
        const res = await api.get<ProblemBody>(`/api/reports/funnel?${query}`);
        expect(res.status, query).toBe(400);
      }
      expect((await api.get<ProblemBody>('/api/reports/production?by=planet')).status).toBe(400);
      expect((await api.get<ProblemBody>('/api/reports/new-merchants?interval=day')).status).toBe(400);
    });

    it('answers 403 to an agent and 401 to nobody', async () => {
      const agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
      for (const path of ['funnel', 'new-merchants', 'time-in-stage', 'decisions', 'sla-breaches', 'production']) {
        expect((await agent.get(`/api/reports/${path}`)).status, path).toBe(403);
        expect((await jsonClient(t).get(`/api/reports/${path}`)).status, path).toBe(401);
      }
    });
  });
});
