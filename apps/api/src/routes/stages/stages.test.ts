import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Pipeline, Stage } from '@boardwalk/shared';
import { auditLog } from '../../db/schema/audit-log.ts';
import { crudContract, useCrudContext } from '../../test/crud-contract.ts';
import type { ProblemBody } from '../../test/json-client.ts';

type StageList = { stages: Stage[]; total: number; allData: Stage[] };

describe('stages API', () => {
  const ctx = useCrudContext();
  const name = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
  const create = async (data: Record<string, unknown>) => {
    const res = await ctx.staff.post<Stage>('/api/stages', { data });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const defaults = async () => (await ctx.staff.get<StageList>('/api/stages?isDefault=true')).body.stages;
  const pipelineIds = async (pipeline: Pipeline) =>
    (await ctx.staff.get<StageList>(`/api/stages?pipeline=${pipeline}&sort=position&pageSize=100`)).body.stages.map(
      (s) => s.id,
    );

  crudContract(ctx, {
    path: '/api/stages',
    key: 'stages',
    subject: 'stage',
    make: (tag, i) => ({ name: `Boarding ${tag} ${'abc'[i]}`, pipeline: 'operations', color: '#26c6f9' }),
    invalid: { data: { name: 'Live', pipeline: 'operations', color: 'red' }, field: 'color' },
    change: { color: '#ff4c51', slaHours: 48 },
    unique: { field: 'name', clash: (row) => ({ name: String(row.name).toUpperCase() }) },
    sort: 'position',
    filter: {
      query: 'pipeline=underwriting',
      override: { pipeline: 'underwriting' },
      matches: (row) => row.pipeline === 'underwriting',
    },
  });

  it('keeps exactly one default: the first active sales stage, then whichever is made the default', async () => {
    const before = await defaults();
    const first = await create({ name: name('New Lead'), pipeline: 'sales' });
    expect(first.isDefault).toBe(before.length === 0);
    const next = await create({ name: name('Contacted'), pipeline: 'sales', isDefault: true });
    expect(next.isDefault).toBe(true);
    expect((await defaults()).map((s) => s.id)).toEqual([next.id]);
    const audit = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stage.create'), eq(auditLog.subjectId, next.id)));
    expect(audit[0]?.changes?.isDefault).toEqual({ to: true });

    const third = await create({ name: name('Qualified'), pipeline: 'sales' });
    const made = await ctx.staff.patch<Stage>(`/api/stages/${third.id}`, {
      isDefault: true,
      updatedAt: third.updatedAt,
    });
    expect(made.body.isDefault).toBe(true);
    expect((await defaults()).map((s) => s.id)).toEqual([third.id]);
  });

  it('refuses to unset, deactivate, move or delete the default stage', async () => {
    const stage = await create({ name: name('Entry'), pipeline: 'sales', isDefault: true });
    const unset = await ctx.staff.patch<ProblemBody>(`/api/stages/${stage.id}`, {
      isDefault: false,
      updatedAt: stage.updatedAt,
    });
    expect(unset.status).toBe(400);
    expect(unset.body.errors?.isDefault).toEqual(['Make another stage the default first']);
    const inactive = await ctx.staff.patch<ProblemBody>(`/api/stages/${stage.id}`, {
      isActive: false,
      updatedAt: stage.updatedAt,
    });
    expect(inactive.body.errors?.isActive).toEqual(['The default stage cannot be deactivated']);
    const moved = await ctx.staff.patch<ProblemBody>(`/api/stages/${stage.id}`, {
      pipeline: 'dead',
      updatedAt: stage.updatedAt,
    });
    expect(moved.body.errors?.pipeline).toBeDefined();
    const deleted = await ctx.staff.delete<ProblemBody>(`/api/stages/${stage.id}`);
    expect(deleted.status).toBe(409);
    expect((await ctx.staff.get<Stage>(`/api/stages/${stage.id}`)).body).toMatchObject({
      isDefault: true,
      isActive: true,
      deletedAt: null,
    });
  });

  it('refuses a default outside sales or an inactive default', async () => {
    const outside = await ctx.staff.post<ProblemBody>('/api/stages', {
      data: { name: name('Approved'), pipeline: 'underwriting', isDefault: true },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors?.isDefault).toBeDefined();
    const inactive = await ctx.staff.post<ProblemBody>('/api/stages', {
      data: { name: name('Old'), pipeline: 'sales', isActive: false, isDefault: true },
    });
    expect(inactive.status).toBe(400);
    expect(await defaults()).toHaveLength(1);
  });

  it('puts a new stage last, and one with a position before the others', async () => {
    const a = await create({ name: name('A'), pipeline: 'withdrawn' });
    const b = await create({ name: name('B'), pipeline: 'withdrawn' });
    expect(b.position).toBe(a.position + 1);
    const c = await create({ name: name('C'), pipeline: 'withdrawn', position: a.position });
    expect(await pipelineIds('withdrawn')).toEqual([c.id, a.id, b.id]);
    const moved = await ctx.staff.patch<Stage>(`/api/stages/${a.id}`, {
      pipeline: 'terminated',
      updatedAt: a.updatedAt,
    });
    expect(moved.body).toMatchObject({ pipeline: 'terminated' });
    expect(await pipelineIds('terminated')).toContain(a.id);
  });

  it('allows the same name in another pipeline', async () => {
    const label = name('Pending');
    await create({ name: label, pipeline: 'underwriting' });
    await create({ name: label, pipeline: 'dead' });
  });

  it('reorders a pipeline in one transaction (PATCH and POST) and audits it', async () => {
    const ids = [
      (await create({ name: name('One'), pipeline: 'dead' })).id,
      (await create({ name: name('Two'), pipeline: 'dead' })).id,
    ];
    const all = await pipelineIds('dead');
    const reversed = [...all].reverse();
    const res = await ctx.staff.patch<{ stages: Stage[] }>('/api/stages/reorder', { pipeline: 'dead', ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.stages.map((s) => s.id)).toEqual(reversed);
    expect(res.body.stages.map((s) => s.position)).toEqual(reversed.map((_, i) => i));
    expect(await pipelineIds('dead')).toEqual(reversed);
    const back = await ctx.staff.post<{ stages: Stage[] }>('/api/stages/reorder', { pipeline: 'dead', ids: all });
    expect(back.body.stages.map((s) => s.id)).toEqual(all);
    const [audit] = await ctx.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stage.reorder'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit?.changes).toMatchObject({ pipeline: 'dead', order: { to: all } });
    expect(ids.every((id) => all.includes(id))).toBe(true);
  });

  it('refuses a reorder that leaves out, repeats or borrows a stage', async () => {
    const one = await create({ name: name('X'), pipeline: 'terminated' });
    const other = await create({ name: name('Y'), pipeline: 'dead' });
    const all = await pipelineIds('terminated');
    const partial = await ctx.staff.patch<ProblemBody>('/api/stages/reorder', {
      pipeline: 'terminated',
      ids: all.slice(1),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.errors?.ids).toBeDefined();
    expect(
      (await ctx.staff.patch('/api/stages/reorder', { pipeline: 'terminated', ids: [...all, one.id] })).status,
    ).toBe(400);
    expect(
      (await ctx.staff.patch('/api/stages/reorder', { pipeline: 'terminated', ids: [...all.slice(1), other.id] }))
        .status,
    ).toBe(400);
    expect((await ctx.staff.patch('/api/stages/reorder', { pipeline: 'nowhere', ids: all })).status).toBe(400);
    expect(await pipelineIds('terminated')).toEqual(all);
  });

  it('answers 403 to an agent and 401 to nobody on reorder', async () => {
    const body = { pipeline: 'sales', ids: [randomUUID()] };
    expect((await ctx.agent.patch('/api/stages/reorder', body)).status).toBe(403);
    expect((await ctx.anon.post('/api/stages/reorder', body)).status).toBe(401);
  });

  it('lists by pipeline order then position by default', async () => {
    const list = (await ctx.staff.get<StageList>('/api/stages?pageSize=100')).body.stages;
    const order = ['sales', 'underwriting', 'operations', 'withdrawn', 'terminated', 'dead'];
    const keys = list.map((s) => order.indexOf(s.pipeline) * 100_000 + s.position);
    expect(keys).toEqual([...keys].sort((x, y) => x - y));
  });
});
