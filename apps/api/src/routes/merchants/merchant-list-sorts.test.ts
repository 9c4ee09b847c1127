import {
  MERCHANT_SORT_COLUMNS,
  merchantListQuerySchema,
  type Merchant,
  type MerchantListResponse,
  type MerchantView,
} from '@boardwalk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAccounts } from '../../db/schema/agent-accounts.ts';
import { industries } from '../../db/schema/industries.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { users } from '../../db/schema/users.ts';
import { pageIdsSql } from '../../domain/merchants/list/merchant-list-page.ts';
import { filtersOf, merchantConditions } from '../../domain/merchants/list/merchant-list.service.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { queryRows } from '../../test/merchant-record-context.ts';
import { createTestMerchant, createTestStage, type TestStage } from '../../test/merchant-fixtures.ts';
import { createUser, signInAs, type TestUser } from '../../test/sign-in.ts';

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** A Sort node with a read of the merchants below it and no Limit between: the page sorts the view. */
function sortsMerchants(node: PlanNode, underSort = false): boolean {
  if (node['Node Type'] === 'Limit') underSort = false;
  if (underSort && node['Relation Name'] === 'merchants') return true;
  const sorting = underSort || node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort';
  return (node.Plans ?? []).some((child) => sortsMerchants(child, sorting));
}

describe('merchant list sorts (decision 091)', () => {
  let t: TestApp;
  let api: JsonClient;
  let me: TestUser;
  let stage: { lead: TestStage; review: TestStage };
  const agent = {} as Record<'bravo' | 'charlie', string>;
  const industry = {} as Record<'bakeries' | 'cafes', string>;
  let assignee: TestUser;

  const list = async (path: string) => {
    const res = await api.get<MerchantListResponse & { totalIsEstimate?: true }>(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const names = (rows: Merchant[]) => rows.map((r) => r.dbaName);

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-22T10:00:00Z') });
    let cookie: string;
    ({ user: me, cookie } = await signInAs(t, 'ROLE_STAFF'));
    api = jsonClient(t, cookie);
    assignee = await createUser(t.db, { displayName: 'Mia Assignee' });
    stage = {
      lead: await createTestStage(t.db, { name: 'Lead', pipeline: 'sales' }),
      review: await createTestStage(t.db, { name: 'Review', pipeline: 'sales' }),
    };
    const [b, c] = await t.db
      .insert(agentAccounts)
      .values([
        { name: 'Bravo Agent', agentCode: 'SORT-B' },
        { name: 'Charlie Agent', agentCode: 'SORT-C' },
      ])
      .returning();
    Object.assign(agent, { bravo: b!.id, charlie: c!.id });
    const [i1, i2] = await t.db
      .insert(industries)
      .values([
        { name: 'Bakeries', mcc: '5462', riskLevel: 'low' },
        { name: 'Cafes', mcc: '5814', riskLevel: 'low' },
      ])
      .returning();
    Object.assign(industry, { bakeries: i1!.id, cafes: i2!.id });
    await createTestMerchant(t.db, {
      dbaName: 'One',
      stageId: stage.lead.id,
      agentId: agent.bravo,
      industryId: industry.bakeries,
      assignedUserId: assignee.id,
      monthlyVolume: 10,
      riskLevel: 'low',
    });
    await createTestMerchant(t.db, {
      dbaName: 'Two',
      stageId: stage.review.id,
      agentId: agent.charlie,
      industryId: industry.cafes,
      assignedUserId: me.id,
      monthlyVolume: 20,
      riskLevel: 'high',
    });
    await createTestMerchant(t.db, { dbaName: 'Three', stageId: stage.lead.id });
    await createTestMerchant(t.db, { dbaName: 'Four', stageId: stage.review.id });
  });
  afterAll(() => t?.close());

  it('pages a descending sort of a key that can be empty: the filled keys backwards, then the empties by id', async () => {
    for (const sort of ['agent', 'assignee', 'industry', 'monthlyVolume', 'riskLevel']) {
      const whole = names((await list(`/api/merchants/sales?sort=${sort}&order=desc&pageSize=100`)).merchants);
      expect(whole.slice(0, 2), sort).toEqual(['Two', 'One']);
      expect(new Set(whole.slice(2)), sort).toEqual(new Set(['Three', 'Four']));
      const paged: string[] = [];
      for (let page = 0; page < 3; page++) {
        const body = await list(`/api/merchants/sales?sort=${sort}&order=desc&pageSize=1&page=${page}`);
        expect(body.total, sort).toBe(4);
        paged.push(...names(body.merchants));
      }
      expect(paged, sort).toEqual(whole.slice(0, 3));
      const asc = names((await list(`/api/merchants?sort=${sort}&order=asc&pageSize=100`)).merchants);
      expect(asc.slice(0, 2), sort).toEqual(['One', 'Two']);
    }
  });

  it('sorts by names that follow a rename of the stage, agent, industry or user, and a merchant moved', async () => {
    const first = async (sort: string) =>
      names((await list(`/api/merchants/sales?sort=${sort}&order=asc&pageSize=100`)).merchants)[0];
    expect(await first('stage')).toMatch(/One|Three/);
    expect(await first('agent')).toBe('One');
    expect(await first('industry')).toBe('One');
    expect(await first('assignee')).toBe('One');

    await t.db.update(stages).set({ name: 'Applied' }).where(eq(stages.id, stage.review.id));
    await t.db.update(agentAccounts).set({ name: 'Alpha Agent' }).where(eq(agentAccounts.id, agent.charlie));
    await t.db.update(industries).set({ name: 'Acai Bars' }).where(eq(industries.id, industry.cafes));
    await t.db.update(users).set({ displayName: 'Zoe Assignee' }).where(eq(users.id, assignee.id));
    expect(await first('stage')).toMatch(/Two|Four/);
    expect(await first('agent')).toBe('Two');
    expect(await first('industry')).toBe('Two');
    expect(await first('assignee')).toBe('Two');

    // A merchant pointed at another agent takes that agent's name.
    const [one] = await t.db.select().from(merchants).where(eq(merchants.dbaName, 'One'));
    await t.db.update(merchants).set({ agentId: agent.charlie }).where(eq(merchants.id, one!.id));
    const byAgent = names((await list('/api/merchants/sales?sort=agent&order=asc&pageSize=100')).merchants);
    expect(byAgent.slice(0, 2).sort()).toEqual(['One', 'Two']);
  });

  it('reads every sort of a view and of all merchants in index order, never sorting the merchants', async () => {
    const caller = {
      actor: { type: 'user', userId: me.id, role: 'ROLE_STAFF', sessionId: 'x' },
      ip: null,
      now: new Date(),
    };
    for (const view of ['all', 'sales'] as MerchantView[]) {
      for (const sort of MERCHANT_SORT_COLUMNS) {
        for (const order of ['asc', 'desc']) {
          const query = merchantListQuerySchema.parse({ sort, order, page: '2', pageSize: '25' });
          const where = merchantConditions(filtersOf(query, view), caller as never);
          const page = pageIdsSql(query, where, { limit: 25, offset: 50 });
          // Planned as for a large table: a sort over the view only where no index gives the order.
          const plan = await t.db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_sort = off`);
            await tx.execute(sql`set local enable_seqscan = off`);
            const result: unknown = await tx.execute(sql`explain (format json) ${page}`);
            return (result as { rows: Record<string, unknown>[] }).rows[0];
          });
          const json = Object.values(plan ?? {})[0];
          const [root] = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
          expect(sortsMerchants(root!.Plan), `${view} ${sort} ${order}`).toBe(false);
        }
      }
    }
  });

  it('counts a filtered list exactly up to 1,000 and past that answers an estimate, flagged', async () => {
    await t.db.execute(sql`insert into merchants (id, dba_name, stage_id, pipeline, risk_level)
      select gen_random_uuid(), 'Bulk ' || g, ${stage.lead.id}, 'sales', 'medium' from generate_series(1, 1200) g`);
    await t.db.execute(sql`analyze merchants`);
    const many = await list('/api/merchants/sales?riskLevel=medium&pageSize=25');
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(1000);
    expect(many.merchants).toHaveLength(25);
    const beyond = await list('/api/merchants/sales?riskLevel=medium&page=99&pageSize=100');
    expect(beyond).toMatchObject({ merchants: [], totalIsEstimate: true });
    const few = await list('/api/merchants/sales?riskLevel=high');
    expect(few.total).toBe(1);
    expect('totalIsEstimate' in few).toBe(false);
    // The plain view stays exact at any size: merchant_counts.
    const plain = await list('/api/merchants/sales');
    expect(plain.total).toBe(1204);
    expect('totalIsEstimate' in plain).toBe(false);
    const rows = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from merchants where stage_sort is null`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
