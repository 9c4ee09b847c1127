import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { industries } from '../db/schema/industries.ts';
import { agentWorld, setAgentsSeeOwnMerchants, type AgentWorld } from '../test/agent-scope-fixture.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * What an agent who sees their own merchants may read for the list's filters, the board and the
 * add form (docs/decisions/117): stage and industry names, and of the agent accounts only their own;
 * nothing else of the reference data, and nothing of what runs in a stage.
 */
describe('the reference reads of an agent who sees their own merchants', () => {
  let t: TestApp;
  let w: AgentWorld;
  const get = (path: string) => t.app.request(path, { headers: { cookie: w.cookie } });
  beforeAll(async () => {
    t = await createTestApp();
    w = await agentWorld(t);
    await setAgentsSeeOwnMerchants(t, true);
    await t.db.insert(industries).values({ name: 'Picker Bakeries', mcc: '5462' });
  });
  afterAll(() => t.close());

  it("lists only the agent's own accounts in the agent picker, and 404s another's", async () => {
    const res = await get('/api/agents?allData=true&pageSize=100');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { agentAccounts: { id: string }[]; allData: { id: string }[]; total: number };
    expect(body.agentAccounts.map((a) => a.id)).toEqual([w.agentA.id]);
    expect(body.allData.map((a) => a.id)).toEqual([w.agentA.id]);
    expect(body.total).toBe(1);
    // Searching for B by name finds nothing either.
    const search = await get(`/api/agents?q=${encodeURIComponent(w.agentB.name)}`);
    expect(((await search.json()) as { total: number }).total).toBe(0);
    expect((await get(`/api/agents/${w.agentA.id}`)).status).toBe(200);
    expect((await get(`/api/agents/${w.agentB.id}`)).status).toBe(404);
  });

  it('reads the stages and industries for the pickers', async () => {
    for (const path of ['/api/stages?allData=true', '/api/industry?allData=true']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { allData: unknown[] }).allData.length, path).toBeGreaterThan(0);
    }
  });

  it("reads none of the rest: companies, lead sources, users, a stage's actions and their runs", async () => {
    const [stage] = ((await (await get('/api/stages?allData=true')).json()) as { allData: { id: string }[] }).allData;
    for (const path of [
      '/api/companies',
      '/api/lead-sources',
      '/api/users/options',
      '/api/users',
      `/api/stages/${stage!.id}/actions`,
      '/api/history/stageActionExecutionHistory',
    ]) {
      expect((await get(path)).status, path).toBe(403);
    }
  });

  it('reads none of them with the setting off', async () => {
    await setAgentsSeeOwnMerchants(t, false);
    try {
      for (const path of ['/api/agents', `/api/agents/${w.agentA.id}`, '/api/stages', '/api/industry']) {
        expect((await get(path)).status, path).toBe(403);
      }
    } finally {
      await setAgentsSeeOwnMerchants(t, true);
    }
  });
});
