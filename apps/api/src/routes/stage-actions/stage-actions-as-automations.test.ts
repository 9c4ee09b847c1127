import type { Automation } from '@boardwalk/shared/schemas/automation';
import type { StageAction } from '@boardwalk/shared/schemas/workflow-action';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { automations } from '../../db/schema/automations.ts';
import { createStage, useMerchantContext } from '../../test/merchant-record-context.ts';

/**
 * A stage's actions are automations with the trigger stage_entered (decision 089), edited only
 * through the stage-action routes: the automation routes neither show nor change them, and a
 * stage-action route does not take an automation of the builder.
 */
describe('stage actions stored as automations', () => {
  const ctx = useMerchantContext();

  it('stores each action as a stage_entered automation with the same id, which the automation routes leave out', async () => {
    const stage = await createStage(ctx, 'underwriting');
    const created = await ctx.staff.post<StageAction>(`/api/stages/${stage.id}/actions`, {
      data: { type: 'set_field', config: { field: 'mid', value: 'M-7' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const [row] = await ctx.t.db.select().from(automations).where(eq(automations.id, id));
    expect(row).toMatchObject({
      triggerType: 'stage_entered',
      trigger: { type: 'stage_entered', stageId: stage.id },
      stageId: stage.id,
      position: 0,
      actions: [{ type: 'set_field', config: { field: 'mid', value: 'M-7' } }],
    });

    const list = await ctx.staff.get<{ automations: Automation[]; allData: Automation[]; total: number }>(
      '/api/automations?allData=true&pageSize=100',
    );
    expect(list.status).toBe(200);
    expect([...list.body.automations, ...list.body.allData].map((a) => a.id)).not.toContain(id);
    expect((await ctx.staff.get(`/api/automations/${id}`)).status).toBe(404);
    const patch = await ctx.staff.patch(`/api/automations/${id}`, { updatedAt: created.body.updatedAt, name: 'X' });
    expect(patch.status).toBe(404);
    expect((await ctx.staff.post(`/api/automations/${id}/duplicate`, {})).status).toBe(404);
    expect((await ctx.staff.delete(`/api/automations/${id}`)).status).toBe(404);
    const made = await ctx.staff.post('/api/automations', {
      data: {
        name: 'Entered',
        trigger: { type: 'stage_entered', stageId: stage.id },
        actions: [{ type: 'set_field', config: { field: 'mid', value: 'M-8' } }],
      },
    });
    expect(made.status).toBe(400);
    const [still] = await ctx.t.db.select().from(automations).where(eq(automations.id, id));
    expect(still).toMatchObject({ name: row!.name, deletedAt: null, updatedAt: row!.updatedAt });
  });

  it('does not edit an automation of the builder through the stage-action routes', async () => {
    const automation = await ctx.staff.post<Automation>('/api/automations', {
      data: {
        name: `Builder ${Math.random()}`,
        trigger: { type: 'merchant_created' },
        actions: [{ type: 'set_field', config: { field: 'mid', value: 'M-9' } }],
      },
    });
    expect(automation.status, JSON.stringify(automation.body)).toBe(201);
    const path = `/api/stage-actions/${automation.body.id}`;
    const patch = await ctx.staff.patch(path, { type: 'set_field', updatedAt: automation.body.updatedAt });
    expect(patch.status).toBe(404);
    expect((await ctx.staff.delete(path)).status).toBe(404);
    expect((await ctx.staff.get(`/api/automations/${automation.body.id}`)).status).toBe(200);
  });
});
