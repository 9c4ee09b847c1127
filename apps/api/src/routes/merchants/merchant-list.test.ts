import { randomUUID } from 'node:crypto';
import type { Merchant, MerchantListResponse, MerchantView } from '@boardwalk/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { industries } from '../../db/schema/industries.ts';
import { leadSources } from '../../db/schema/lead-sources.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createUser, signInAs, type TestUser } from '../../test/sign-in.ts';
import {
  createTestMerchant,
  createTestStage,
  type TestMerchant,
  type TestStage,
} from '../../test/merchant-fixtures.ts';

describe('merchant list and views API', () => {
  let t: TestApp;
  let api: JsonClient;
  let me: TestUser;
  let colleague: TestUser;
  const stage = {} as Record<MerchantView | 'salesQualified', TestStage>;
  const ref = {} as Record<'agent1' | 'agent2' | 'company' | 'industry' | 'leadSource', string>;
  const mm = {} as Record<
    'alpha' | 'bravo' | 'charlie' | 'delta' | 'echo' | 'foxtrot' | 'golf' | 'hotelDeleted',
    TestMerchant
  >;

  const list = (path: string) => api.get<MerchantListResponse>(path);
  const names = (rows: Merchant[]) => rows.map((r) => r.dbaName);
  const namesOf = async (path: string) => {
    const res = await list(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return names(res.body.merchants).sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-22T10:00:00Z') });
    let cookie: string;
    ({ user: me, cookie } = await signInAs(t, 'ROLE_STAFF'));
    api = jsonClient(t, cookie);
    colleague = await createUser(t.db, { displayName: 'Zed Colleague' });

    stage.sales = await createTestStage(t.db, { name: 'Lead', pipeline: 'sales' });
    stage.salesQualified = await createTestStage(t.db, { name: 'Qualified', pipeline: 'sales' });
    stage.underwriting = await createTestStage(t.db, { name: 'Review', pipeline: 'underwriting' });
    stage.operations = await createTestStage(t.db, { name: 'Live', pipeline: 'operations' });
    stage.withdrawn = await createTestStage(t.db, { name: 'Withdrawn', pipeline: 'withdrawn' });
    stage.terminated = await createTestStage(t.db, { name: 'Terminated', pipeline: 'terminated' });
    stage.dead = await createTestStage(t.db, { name: 'Dead', pipeline: 'dead' });

    const tag = randomUUID().slice(0, 6);
    const [a1, a2] = await t.db
      .insert(agentAccounts)
      .values([
        { name: 'Agent One', agentCode: `A1-${tag}` },
        { name: 'Agent Two', agentCode: `A2-${tag}` },
      ])
      .returning();
    const [company] = await t.db.insert(companies).values({ name: 'Acme Bank', type: 'processor' }).returning();
    const [industry] = await t.db
      .insert(industries)
      .values({ name: 'Bakeries', mcc: '5462', riskLevel: 'low' })
      .returning();
    const [leadSource] = await t.db
      .insert(leadSources)
      .values({ name: `Referral ${tag}` })
      .returning();
    Object.assign(ref, {
      agent1: a1!.id,
      agent2: a2!.id,
      company: company!.id,
      industry: industry!.id,
      leadSource: leadSource!.id,
    });

    mm.alpha = await createTestMerchant(t.db, {
      dbaName: 'Alpha Bakery',
      stageId: stage.sales.id,
      agentId: ref.agent1,
      assignedUserId: me.id,
      companyId: ref.company,
      industryId: ref.industry,
      leadSourceId: ref.leadSource,
      riskLevel: 'low',
      contactFirstName: 'Ada',
      contactLastName: 'Lovelace',
      contactEmail: 'ada@alpha.example',
      contactPhone: '+1 555 0100',
      monthlyVolume: 1000,
      createdAt: new Date('2026-01-10T12:00:00Z'),
      stageEnteredAt: new Date('2026-01-15T00:00:00Z'),
    });
    mm.bravo = await createTestMerchant(t.db, {
      dbaName: 'bravo Books',
      legalName: 'Bravo Holdings LLC',
      stageId: stage.salesQualified.id,
      agentId: ref.agent2,
      assignedUserId: colleague.id,
      underwritingDecision: 'approved',
      riskLevel: 'high',
      mid: 'MID-777',
      monthlyVolume: 3000,
      createdAt: new Date('2026-02-01T23:59:59Z'),
      stageEnteredAt: new Date('2026-02-05T08:00:00Z'),
    });
    mm.charlie = await createTestMerchant(t.db, {
      dbaName: 'Charlie Cafe',
      stageId: stage.underwriting.id,
      underwritingDecision: 'declined',
      riskLevel: 'medium',
      contactEmail: 'charlie@cafe.example',
      monthlyVolume: 2000,
      createdAt: new Date('2026-03-01T00:00:00Z'),
      stageEnteredAt: new Date('2026-03-02T00:00:00Z'),
    });
    mm.delta = await createTestMerchant(t.db, {
      dbaName: 'Delta Deli',
      stageId: stage.operations.id,
      assignedUserId: me.id,
      createdAt: new Date('2026-04-01T00:00:00Z'),
    });
    mm.echo = await createTestMerchant(t.db, {
      dbaName: 'Echo Electronics',
      stageId: stage.withdrawn.id,
      createdAt: new Date('2026-05-01T00:00:00Z'),
    });
    mm.foxtrot = await createTestMerchant(t.db, {
      dbaName: 'Foxtrot Fitness',
      stageId: stage.terminated.id,
      createdAt: new Date('2026-06-01T00:00:00Z'),
    });
    mm.golf = await createTestMerchant(t.db, {
      dbaName: 'Golf Gear',
      stageId: stage.dead.id,
      createdAt: new Date('2026-07-01T00:00:00Z'),
    });
    mm.hotelDeleted = await createTestMerchant(t.db, {
      dbaName: 'Hotel Hats',
      stageId: stage.sales.id,
      assignedUserId: me.id,
      createdAt: new Date('2026-08-01T00:00:00Z'),
      deletedAt: new Date('2026-09-01T00:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('answers the list shape of docs/architecture.md with masked merchants and joined names, allData always empty', async () => {
    const res = await list('/api/merchants?allData=true');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['allData', 'merchants', 'params', 'total']);
    expect(res.body.allData).toEqual([]);
    expect(res.body.total).toBe(7);
    expect(res.body.params).toMatchObject({ page: 0, pageSize: 25, order: 'asc', view: 'all' });
    const alpha = res.body.merchants.find((r) => r.id === mm.alpha.id)!;
    expect(alpha).toMatchObject({
      stage: { id: stage.sales.id, name: 'Lead', pipeline: 'sales' },
      agent: { id: ref.agent1, name: 'Agent One' },
      company: { id: ref.company, name: 'Acme Bank' },
      industry: { id: ref.industry, name: 'Bakeries' },
      assignee: { id: me.id },
      pipeline: 'sales',
    });
  });

  it('lists each view: the merchants whose stage is in that pipeline, never the deleted ones', async () => {
    expect(await namesOf('/api/merchants')).toEqual([
      'Alpha Bakery',
      'Charlie Cafe',
      'Delta Deli',
      'Echo Electronics',
      'Foxtrot Fitness',
      'Golf Gear',
      'bravo Books',
    ]);
    expect(await namesOf('/api/merchants/sales')).toEqual(['Alpha Bakery', 'bravo Books']);
    expect(await namesOf('/api/merchants/underwriting')).toEqual(['Charlie Cafe']);
    expect(await namesOf('/api/merchants/operations')).toEqual(['Delta Deli']);
    expect(await namesOf('/api/merchants/withdrawn')).toEqual(['Echo Electronics']);
    expect(await namesOf('/api/merchants/terminated')).toEqual(['Foxtrot Fitness']);
    expect(await namesOf('/api/merchants/dead')).toEqual(['Golf Gear']);
    const sales = await list('/api/merchants/sales');
    expect(sales.body.total).toBe(2);
    expect(sales.body.params).toMatchObject({ view: 'sales' });
  });

  it('deleted=true lists only the deleted merchants, in their view too; deleted=false is the default', async () => {
    const deleted = await list('/api/merchants?deleted=true');
    expect(names(deleted.body.merchants)).toEqual(['Hotel Hats']);
    expect(deleted.body.total).toBe(1);
    expect(deleted.body.merchants[0]!.deletedAt).toBe('2026-09-01T00:00:00.000Z');
    expect(await namesOf('/api/merchants/sales?deleted=true')).toEqual(['Hotel Hats']);
    expect(await namesOf('/api/merchants/dead?deleted=true')).toEqual([]);
    expect((await list('/api/merchants?deleted=false')).body.total).toBe(7);
  });

  it('q finds DBA and legal name, MID, contact name, email and phone, case-insensitively; wildcards are literal', async () => {
    expect(await namesOf('/api/merchants?q=BAKERY')).toEqual(['Alpha Bakery']);
    expect(await namesOf('/api/merchants?q=holdings')).toEqual(['bravo Books']);
    expect(await namesOf('/api/merchants?q=mid-777')).toEqual(['bravo Books']);
    expect(await namesOf('/api/merchants?q=ada%20lovelace')).toEqual(['Alpha Bakery']);
    expect(await namesOf('/api/merchants?q=charlie%40cafe')).toEqual(['Charlie Cafe']);
    expect(await namesOf('/api/merchants?q=555%200100')).toEqual(['Alpha Bakery']);
    expect(await namesOf('/api/merchants/underwriting?q=bakery')).toEqual([]);
    expect(await namesOf('/api/merchants?q=%25')).toEqual([]);
    const res = await list('/api/merchants?q=e');
    expect(res.body.total).toBe(res.body.merchants.length);
  });

  it('applies every filter, and the total counts the filtered merchants', async () => {
    const cases: [string, string[]][] = [
      [`stageId=${stage.salesQualified.id}`, ['bravo Books']],
      [`agentId=${ref.agent1}`, ['Alpha Bakery']],
      ['assignee=me', ['Alpha Bakery', 'Delta Deli']],
      [`assignee=${colleague.id}`, ['bravo Books']],
      ['assignee=none', ['Charlie Cafe', 'Echo Electronics', 'Foxtrot Fitness', 'Golf Gear']],
      [`companyId=${ref.company}`, ['Alpha Bakery']],
      [`industryId=${ref.industry}`, ['Alpha Bakery']],
      [`leadSourceId=${ref.leadSource}`, ['Alpha Bakery']],
      ['decision=approved', ['bravo Books']],
      ['decision=declined', ['Charlie Cafe']],
      ['riskLevel=medium', ['Charlie Cafe']],
      // Date ranges take in whole days (UTC): bravo was created at 23:59:59 on the 1st.
      ['createdFrom=2026-02-01&createdTo=2026-02-01', ['bravo Books']],
      ['createdFrom=2026-01-10&createdTo=2026-03-01', ['Alpha Bakery', 'Charlie Cafe', 'bravo Books']],
      ['createdTo=2026-01-09', []],
      ['stageEnteredFrom=2026-02-05&stageEnteredTo=2026-03-02', ['Charlie Cafe', 'bravo Books']],
      ['assignee=me&deleted=true', ['Hotel Hats']],
    ];
    for (const [query, expected] of cases) {
      const res = await list(`/api/merchants?${query}`);
      expect(res.status, query).toBe(200);
      expect(names(res.body.merchants).sort(), query).toEqual(expected);
      expect(res.body.total, query).toBe(expected.length);
    }
    const sales = await list(`/api/merchants/sales?assignee=me&agentId=${ref.agent1}`);
    expect(names(sales.body.merchants)).toEqual(['Alpha Bakery']);
    expect((await list('/api/merchants/operations?assignee=none')).body.total).toBe(0);
  });

  it('sorts by each column both ways, newest first by default, id breaking ties', async () => {
    const order = async (query: string) => names((await list(`/api/merchants?pageSize=100&${query}`)).body.merchants);
    const all = [
      'Alpha Bakery',
      'bravo Books',
      'Charlie Cafe',
      'Delta Deli',
      'Echo Electronics',
      'Foxtrot Fitness',
      'Golf Gear',
    ];
    expect(await order('')).toEqual([...all].reverse());
    expect(await order('sort=createdAt&order=asc')).toEqual(all);
    expect(await order('sort=createdAt&order=desc')).toEqual([...all].reverse());
    // Case does not decide the order: "bravo" sorts between Alpha and Charlie.
    expect(await order('sort=dbaName')).toEqual(all);
    expect(await order('sort=dbaName&order=desc')).toEqual([...all].reverse());
    expect((await order('sort=monthlyVolume&order=asc')).slice(0, 3)).toEqual([
      'Alpha Bakery',
      'Charlie Cafe',
      'bravo Books',
    ]);
    // Stage names: Dead, Lead, Live, …
    expect((await order('sort=stage&order=asc')).slice(0, 3)).toEqual(['Golf Gear', 'Alpha Bakery', 'Delta Deli']);
    expect((await order('sort=agent&order=asc')).slice(0, 2)).toEqual(['Alpha Bakery', 'bravo Books']);
    expect((await order('sort=assignee&order=desc'))[0]).toBe('bravo Books');
    for (const sort of ['legalName', 'industry', 'underwritingDecision', 'riskLevel', 'stageEnteredAt', 'updatedAt']) {
      const asc = await order(`sort=${sort}&order=asc`);
      expect(asc.sort(), sort).toEqual([...all].sort());
    }
    // Equal keys (every updatedAt is the insert time of the test) still page in a stable order.
    const tied = await order('sort=industry&order=asc');
    expect(await order('sort=industry&order=asc')).toEqual(tied);
  });

  it('pages: disjoint pages that together hold every merchant, the total on each', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 4; page++) {
      const res = await list(`/api/merchants?sort=dbaName&pageSize=2&page=${page}`);
      expect(res.body.total).toBe(7);
      expect(res.body.merchants.length).toBe(page < 3 ? 2 : 1);
      seen.push(...res.body.merchants.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(7);
    const beyond = await list('/api/merchants?page=9');
    expect(beyond.body).toMatchObject({ merchants: [], total: 7 });
  });

  it('answers 400 with field errors for bad query values', async () => {
    const cases: [string, string][] = [
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['page=-1', 'page'],
      ['sort=password', 'sort'],
      ['order=sideways', 'order'],
      ['assignee=someone', 'assignee'],
      ['stageId=not-a-uuid', 'stageId'],
      ['decision=maybe', 'decision'],
      ['riskLevel=extreme', 'riskLevel'],
      ['createdFrom=2026-13-01', 'createdFrom'],
      ['stageEnteredTo=yesterday', 'stageEnteredTo'],
      ['deleted=yes', 'deleted'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await api.get<ProblemBody>(`/api/merchants/sales?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
  });

  it('keeps exact totals through inserts, stage moves, assignments, soft and hard deletes', async () => {
    const exact = async (view: MerchantView, extra: string) => {
      const res = await list(`/api/merchants${view === 'all' ? '' : `/${view}`}?pageSize=1${extra}`);
      return res.body.total;
    };
    const counted = async () => {
      const [row] = await t.db.select({ n: count() }).from(merchants).where(isNull(merchants.deletedAt));
      return row!.n;
    };
    const extra = await createTestMerchant(t.db, { dbaName: 'India Ink', stageId: stage.sales.id });
    expect(await exact('sales', '')).toBe(3);
    // A stage move across pipelines, as the stage change route does it.
    await t.db.update(merchants).set({ stageId: stage.dead.id, pipeline: 'dead' }).where(eq(merchants.id, extra.id));
    expect(await exact('sales', '')).toBe(2);
    expect(await exact('dead', '')).toBe(2);
    await t.db.update(merchants).set({ assignedUserId: me.id }).where(eq(merchants.id, extra.id));
    expect(await exact('dead', '&assignee=me')).toBe(1);
    expect(await exact('all', '&assignee=none')).toBe(4);
    expect(await exact('all', '')).toBe(await counted());
    await t.db.update(merchants).set({ deletedAt: t.clock.now() }).where(eq(merchants.id, extra.id));
    expect(await exact('dead', '')).toBe(1);
    expect(await exact('all', '&deleted=true')).toBe(2);
    expect(await exact('all', '&deleted=true&assignee=me')).toBe(2);
    await t.db.delete(merchants).where(and(eq(merchants.id, extra.id)));
    expect(await exact('all', '&deleted=true')).toBe(1);
    expect(await exact('all', '')).toBe(await counted());
    // An update that moves nothing between counts leaves them as they are.
    await t.db.update(merchants).set({ city: 'Paris' });
    expect(await exact('all', '')).toBe(7);
  });

  it('serves the views and the export at their literal paths (never taken for an id)', async () => {
    for (const view of ['sales', 'underwriting', 'operations', 'withdrawn', 'terminated', 'dead']) {
      expect((await list(`/api/merchants/${view}`)).status).toBe(200);
    }
    const res = await t.app.request('/api/merchants/export.csv', {
      headers: { cookie: (await signInAs(t, 'ROLE_ADMIN')).cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    await res.body?.cancel();
  });

  it('refuses agents (403) and anonymous callers (401)', async () => {
    const { cookie } = await signInAs(t, 'ROLE_AGENT');
    const agent = jsonClient(t, cookie);
    for (const path of ['/api/merchants', '/api/merchants/sales', '/api/merchants/dead', '/api/merchants/export.csv']) {
      expect((await agent.get(path)).status, path).toBe(403);
      expect((await jsonClient(t).get(path)).status, path).toBe(401);
    }
  });
});
