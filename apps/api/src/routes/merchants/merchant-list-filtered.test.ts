import { merchantListQuerySchema, type MerchantView } from '@boardwalk/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListTuning } from '../../domain/merchants/list/merchant-list-filtered.ts';
import { SORT_KEYS } from '../../domain/merchants/list/merchant-list-page.ts';
import { filtersOf, listMerchants, merchantConditions } from '../../domain/merchants/list/merchant-list.service.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../../test/merchant-record-context.ts';
import { createTestStage } from '../../test/merchant-fixtures.ts';
import { createUser, type TestUser } from '../../test/sign-in.ts';

/**
 * Filtered lists (decision 096): whichever way a page is found (walked along a sort index, the
 * matches sorted, a key pinned by its filter, a bound reached and the other way taken), it is the
 * page a plain ORDER BY … LIMIT … OFFSET gives, and the total is exact up to 1,000.
 */
describe('filtered merchant lists, every way to a page (decision 096)', () => {
  let t: TestApp;
  let me: TestUser;
  let other: TestUser;
  const agents: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-22T10:00:00Z') });
    me = await createUser(t.db, { displayName: 'Mia Filter' });
    other = await createUser(t.db, { displayName: 'Otto Filter' });
    const lead = await createTestStage(t.db, { name: 'Lead F', pipeline: 'sales' });
    const review = await createTestStage(t.db, { name: 'Review F', pipeline: 'sales' });
    const live = await createTestStage(t.db, { name: 'Live F', pipeline: 'operations' });
    const rows = await queryRows<{ id: string }>(
      t,
      sql`insert into agent_accounts (id, name, agent_code) values (gen_random_uuid(), 'Alpha F', 'F-A'), (gen_random_uuid(), 'Bravo F', 'F-B'), (gen_random_uuid(), 'Bravo F', 'F-C') returning id`,
    );
    agents.push(...rows.map((r) => r.id));
    // 240 merchants whose keys repeat and collide: names, agents (two share a name), assignees,
    // risk levels and volumes with empties, three stages over two pipelines.
    await t.db.execute(sql`
      insert into merchants (id, dba_name, stage_id, pipeline, agent_id, assigned_user_id, risk_level, underwriting_decision, monthly_volume, created_at)
      select gen_random_uuid(), 'M ' || (g % 37),
             (array[${lead.id}, ${review.id}, ${live.id}]::uuid[])[1 + g % 3],
             (array['sales', 'sales', 'operations']::pipeline[])[1 + g % 3],
             (array[${agents[0]!}, ${agents[1]!}, ${agents[2]!}, null]::uuid[])[1 + g % 4],
             (array[${me.id}, ${other.id}, null]::uuid[])[1 + g % 5 % 3],
             (array['low', 'high', null]::risk_level[])[1 + g % 7 % 3],
             (array['pending', 'approved', 'declined']::underwriting_decision[])[1 + g % 2],
             case when g % 6 = 0 then null else (g * 37) % 101 end,
             timestamptz '2026-01-01' + g * interval '1 day'
      from generate_series(1, 240) g`);
    await t.db.execute(sql`analyze merchants`);
  });
  afterAll(() => t?.close());

  const caller = () => ({
    actor: { type: 'user', userId: me.id, role: 'ROLE_STAFF', sessionId: 'x' },
    ip: null,
    now: new Date(),
  });

  /** The page as ORDER BY key, id … LIMIT … OFFSET reads it: empties last in both orders. */
  async function reference(view: MerchantView, params: Record<string, string>) {
    const query = merchantListQuerySchema.parse(params);
    const where = merchantConditions(filtersOf(query, view), caller() as never) as SQL;
    const dir = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
    const key = SORT_KEYS[query.sort!];
    const ids = await queryRows<{ id: string }>(
      t,
      sql`select id from merchants where ${where} order by ${key} ${dir} nulls last, id ${dir}
          limit ${query.pageSize} offset ${query.page * query.pageSize}`,
    );
    const [count] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from merchants where ${where}`);
    return { ids: ids.map((r) => r.id), total: count!.n };
  }

  const WAYS: Record<string, ListTuning> = {
    chosen: { walkSlack: 4, pinnedWalkMin: 2000, sortAtLeast: 2000, sortAfterWalk: 50_000 },
    walked: { walkSlack: 4, pinnedWalkMin: 2000, sortAtLeast: 2000, sortAfterWalk: 50_000, first: 'walk' },
    sorted: { walkSlack: 4, pinnedWalkMin: 2000, sortAtLeast: 2000, sortAfterWalk: 50_000, first: 'sort' },
    // Bounds so small that the first way gives up: the other, then the planner's plan, answer.
    'walk gives up': { walkSlack: 0, pinnedWalkMin: 0, sortAtLeast: 0, sortAfterWalk: 50_000, first: 'walk' },
    'both give up': { walkSlack: 0, pinnedWalkMin: 0, sortAtLeast: 0, sortAfterWalk: 0, first: 'sort' },
  };

  const REQUESTS: [MerchantView, Record<string, string>][] = [
    ['sales', { agentId: '0', sort: 'agent' }],
    ['all', { agentId: '1', sort: 'agent' }],
    ['sales', { assignee: 'none', sort: 'assignee' }],
    ['all', { assignee: 'me', sort: 'assignee' }],
    ['sales', { riskLevel: 'high', sort: 'riskLevel' }],
    ['all', { decision: 'approved', sort: 'underwritingDecision' }],
    ['sales', { agentId: '2', sort: 'dbaName' }],
    ['all', { riskLevel: 'low', sort: 'monthlyVolume' }],
    ['all', { assignee: 'me', riskLevel: 'high', sort: 'agent' }],
    ['operations', { decision: 'pending', sort: 'assignee' }],
    ['all', { createdFrom: '2026-03-01', createdTo: '2026-05-31', sort: 'createdAt' }],
    ['all', { createdFrom: '2026-03-01', createdTo: '2026-05-31', sort: 'industry' }],
  ];

  it('answers the page ORDER BY … OFFSET gives, and an exact total, whichever way it is found', async () => {
    for (const [view, base] of REQUESTS) {
      for (const order of ['asc', 'desc']) {
        for (const [page, pageSize] of [
          [0, 7],
          [3, 7],
          [1, 25],
          [40, 25],
        ] as const) {
          const params: Record<string, string> = { ...base, order, page: String(page), pageSize: String(pageSize) };
          if (base.agentId) params.agentId = agents[Number(base.agentId)]!;
          const expected = await reference(view, params);
          for (const [way, tuning] of Object.entries(WAYS)) {
            const query = merchantListQuerySchema.parse(params);
            const answer = await listMerchants(t.db, caller() as never, view, query, tuning);
            const label = `${way} ${view} ${JSON.stringify(params)}`;
            expect(
              answer.merchants.map((r) => r.id),
              label,
            ).toEqual(expected.ids);
            expect(answer.total, label).toBe(expected.total);
            expect('totalIsEstimate' in answer, label).toBe(false);
          }
        }
      }
    }
    // Every way to a page, each against a plain ORDER BY: many queries, slow on a loaded machine.
  }, 120_000);
});
