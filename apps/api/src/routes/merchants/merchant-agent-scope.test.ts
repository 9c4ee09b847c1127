import type { MerchantDetail } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stages } from '../../db/schema/stages.ts';
import { agentWorld, setAgentsSeeOwnMerchants, type AgentWorld } from '../../test/agent-scope-fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signIn, createUser, signInAs } from '../../test/sign-in.ts';

/** An agent's own merchants, route family by route family (docs/decisions/110). */
describe('agents see their own merchants', () => {
  let t: TestApp;
  let w: AgentWorld;
  let staffCookie: string;
  const as =
    (cookie: string) =>
    (path: string, init: RequestInit = {}) =>
      t.app.request(path, {
        ...init,
        headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      });
  const agent = (path: string, init?: RequestInit) => as(w.cookie)(path, init);
  const ids = async (res: Response) =>
    ((await res.json()) as { merchants: { id: string }[] }).merchants.map((m) => m.id);

  beforeAll(async () => {
    t = await createTestApp();
    w = await agentWorld(t);
    staffCookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    await setAgentsSeeOwnMerchants(t, true);
  });
  afterAll(() => t.close());

  it('lists, pipeline views, export and search hold the agent’s merchants only', async () => {
    expect(await ids(await agent('/api/merchants'))).toEqual([w.mine.id]);
    expect(await ids(await agent('/api/merchants/sales'))).toEqual([w.mine.id]);
    expect(await ids(await agent(`/api/merchants?agentId=${w.agentB.id}`))).toEqual([]);
    const csv = await (await agent('/api/merchants/export.csv')).text();
    expect(csv).toContain(w.mine.dbaName);
    expect(csv).not.toContain(w.theirs.dbaName);
    const search = (await (await agent('/api/search?q=Mercantile')).json()) as { data: { id: string }[] };
    expect(search.data.map((r) => r.id)).toEqual([w.mine.id]);
    const other = (await (await agent('/api/search?q=Trading')).json()) as { data: unknown[] };
    expect(other.data).toEqual([]);
    // Staff still read every merchant, and the agent's answers never came from their cache.
    expect(await ids(await as(staffCookie)('/api/merchants'))).toEqual(
      expect.arrayContaining([w.mine.id, w.theirs.id]),
    );
    expect(await ids(await agent('/api/merchants'))).toEqual([w.mine.id]);
  });

  it('reads its own merchant masked, and may not reveal, change or delete it', async () => {
    const res = await agent(`/api/merchants/${w.mine.id}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('123456789');
    expect((await agent(`/api/merchants/${w.mine.id}/events`)).status).toBe(200);
    expect(
      (await agent(`/api/merchants/${w.mine.id}/reveal`, { method: 'POST', body: '{"field":"taxId"}' })).status,
    ).toBe(403);
    expect((await agent(`/api/merchants/${w.mine.id}`, { method: 'PATCH', body: '{"dbaName":"X"}' })).status).toBe(403);
    expect((await agent(`/api/merchants/${w.mine.id}`, { method: 'DELETE' })).status).toBe(403);
  });

  it('answers 404 for another agent’s merchant and anything under it', async () => {
    for (const path of ['', '/notes', '/events', '/documents', '/owners']) {
      expect((await agent(`/api/merchants/${w.theirs.id}${path}`)).status, path).toBe(404);
    }
  });

  it('adds notes on its own merchants only', async () => {
    const body = JSON.stringify({ body: 'Called the owner' });
    expect((await agent(`/api/merchants/${w.mine.id}/notes`, { method: 'POST', body })).status).toBe(201);
    expect((await agent(`/api/merchants/${w.theirs.id}/notes`, { method: 'POST', body })).status).toBe(404);
  });

  it('adds a new lead under its own agent account in the default stage, whatever the body says', async () => {
    const staffUser = await createUser(t.db, { role: 'ROLE_STAFF' });
    // A default stage to land in, and another the body asks for.
    await t.db.update(stages).set({ isDefault: true }).where(eq(stages.id, w.mine.stageId));
    const [elsewhere] = await t.db.insert(stages).values({ name: 'Agent Elsewhere', pipeline: 'sales' }).returning();
    const res = await agent('/api/merchants', {
      method: 'POST',
      body: JSON.stringify({
        data: {
          dbaName: 'Fresh Lead Diner',
          stageId: elsewhere!.id,
          agentId: w.agentB.id,
          assignedUserId: staffUser.id,
          underwritingDecision: 'approved',
          riskLevel: 'low',
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const lead = (await res.json()) as MerchantDetail;
    expect(lead.agent?.id).toBe(w.agentA.id);
    expect(lead).toMatchObject({ assignedUserId: null, underwritingDecision: 'pending', riskLevel: null });
    expect(lead.stageId).toBe(w.mine.stageId);
  });

  it('an agent linked to no agent account sees no merchant and may add no lead', async () => {
    const loner = await createUser(t.db, { role: 'ROLE_AGENT' });
    const cookie = await signIn(t, loner.email, loner.password);
    expect(await ids(await as(cookie)('/api/merchants'))).toEqual([]);
    expect((await as(cookie)(`/api/merchants/${w.mine.id}`)).status).toBe(404);
    const res = await as(cookie)('/api/merchants', {
      method: 'POST',
      body: JSON.stringify({ data: { dbaName: 'No' } }),
    });
    expect(res.status).toBe(403);
  });

  it('tells the web app the agent’s accounts (/api/me/agent-scope), null for staff', async () => {
    expect(await (await agent('/api/me/agent-scope')).json()).toEqual({ agentIds: [w.agentA.id] });
    expect(await (await as(staffCookie)('/api/me/agent-scope')).json()).toEqual({ agentIds: null });
  });

  it('with the setting off, the agent reads no merchant (403), as before', async () => {
    await setAgentsSeeOwnMerchants(t, false);
    try {
      expect(await (await agent('/api/me/agent-scope')).json()).toEqual({ agentIds: null });
      expect((await agent('/api/merchants')).status).toBe(403);
      expect((await agent(`/api/merchants/${w.mine.id}`)).status).toBe(403);
      expect((await agent('/api/search?q=Mercantile')).status).toBe(403);
      expect((await agent(`/api/merchants/${w.mine.id}/notes`, { method: 'POST', body: '{"body":"x"}' })).status).toBe(
        403,
      );
    } finally {
      await setAgentsSeeOwnMerchants(t, true);
    }
  });
});
