import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Agent, Company } from '@boardwalk/shared';
import { crudContract, useCrudContext } from '../../test/crud-contract.ts';
import type { ProblemBody } from '../../test/json-client.ts';
import { createUser } from '../../test/sign-in.ts';

describe('agent accounts API (/api/agents)', () => {
  const ctx = useCrudContext();
  const company = async (name = `Company ${randomUUID().slice(0, 6)}`) =>
    (await ctx.staff.post<Company>('/api/companies', { data: { name, type: 'partner_iso' } })).body;

  crudContract(ctx, {
    path: '/api/agents',
    key: 'agentAccounts',
    subject: 'agent',
    make: (tag, i) => ({ name: `Agent ${tag} ${'abc'[i]}`, agentCode: `AG-${tag}-${i}`, splitPercent: 10 + i * 5 }),
    invalid: { data: { name: 'Dana Reyes', agentCode: 'DR1', splitPercent: 120 }, field: 'splitPercent' },
    change: { splitPercent: 42.5, notes: 'Residuals renegotiated' },
    unique: { field: 'agentCode', clash: (row) => ({ agentCode: String(row.agentCode).toLowerCase() }) },
    sort: 'splitPercent',
    filter: { query: 'isActive=false', override: { isActive: false }, matches: (row) => row.isActive === false },
  });

  it('filters by company and refuses an unknown or deleted company', async () => {
    const acme = await company();
    const agent = await ctx.staff.post<Agent>('/api/agents', {
      data: { name: 'Lee Park', agentCode: 'LPARK', companyId: acme.id },
    });
    expect(agent.status).toBe(201);
    expect(agent.body.companyId).toBe(acme.id);
    const list = await ctx.staff.get<{ agentAccounts: Agent[]; total: number }>(`/api/agents?companyId=${acme.id}`);
    expect(list.body.agentAccounts.map((a) => a.id)).toEqual([agent.body.id]);

    const unknown = await ctx.staff.post<ProblemBody>('/api/agents', {
      data: { name: 'X', agentCode: 'XX1', companyId: randomUUID() },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.companyId).toEqual(['Choose an existing company']);

    const gone = await company();
    await ctx.staff.delete(`/api/companies/${gone.id}`);
    const deleted = await ctx.staff.patch<ProblemBody>(`/api/agents/${agent.body.id}`, {
      companyId: gone.id,
      updatedAt: agent.body.updatedAt,
    });
    expect(deleted.status).toBe(400);
  });

  it('keeps pointing at a company after the company is deleted', async () => {
    const acme = await company();
    const agent = (
      await ctx.staff.post<Agent>('/api/agents', { data: { name: 'Kim', agentCode: 'KIM-1', companyId: acme.id } })
    ).body;
    expect((await ctx.staff.delete(`/api/companies/${acme.id}`)).status).toBe(204);
    const read = await ctx.staff.get<Agent>(`/api/agents/${agent.id}`);
    expect(read.body.companyId).toBe(acme.id);
    const companyRead = await ctx.staff.get<Company>(`/api/companies/${acme.id}`);
    expect(companyRead.body.deletedAt).not.toBeNull();
  });

  it('links only a ROLE_AGENT user, and only to one account', async () => {
    const agentUser = await createUser(ctx.t.db, { role: 'ROLE_AGENT' });
    const staffUser = await createUser(ctx.t.db, { role: 'ROLE_STAFF' });
    const wrongRole = await ctx.staff.post<ProblemBody>('/api/agents', {
      data: { name: 'A', agentCode: 'A-01', userId: staffUser.id },
    });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.errors?.userId).toEqual(['Choose a user with the agent role']);
    const linked = await ctx.staff.post<Agent>('/api/agents', {
      data: { name: 'B', agentCode: 'B-01', userId: agentUser.id },
    });
    expect(linked.status).toBe(201);
    const twice = await ctx.staff.post<ProblemBody>('/api/agents', {
      data: { name: 'C', agentCode: 'C-01', userId: agentUser.id },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors?.userId).toBeDefined();
    const unlinked = await ctx.staff.patch<Agent>(`/api/agents/${linked.body.id}`, {
      userId: null,
      updatedAt: linked.body.updatedAt,
    });
    expect(unlinked.body.userId).toBeNull();
  });

  it('accepts a split with two decimals and refuses three', async () => {
    const ok = await ctx.staff.post<Agent>('/api/agents', {
      data: { name: 'Split', agentCode: 'SPLIT-1', splitPercent: 33.33 },
    });
    expect(ok.body.splitPercent).toBe(33.33);
    const bad = await ctx.staff.post<ProblemBody>('/api/agents', {
      data: { name: 'Split', agentCode: 'SPLIT-2', splitPercent: 33.333 },
    });
    expect(bad.body.errors?.splitPercent).toEqual(['Use at most 2 decimals']);
  });
});
