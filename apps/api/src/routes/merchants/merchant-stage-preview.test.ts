import type { MerchantDetail, MerchantEvent, MerchantStagePreview } from '@boardwalk/shared';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantEvents } from '../../db/schema/merchants.ts';
import { emails } from '../../db/schema/emails.ts';
import { createMerchant, createStage, useMerchantContext } from '../../test/merchant-record-context.ts';

type Events = { events: MerchantEvent[]; total: number };

describe('what a stage change would set off, and its note', () => {
  const ctx = useMerchantContext();

  it('describes the stage actions and matching automations, marks the outward ones, changes nothing', async () => {
    const stage = await createStage(ctx, 'operations');
    const other = await createStage(ctx, 'operations');
    const template = await ctx.staff.post<{ id: string }>('/api/templates', {
      data: { name: `Welcome ${Math.random()}`, channel: 'email', subject: 'Hi', body: 'Hi there' },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const addAction = async (data: Record<string, unknown>) => {
      const res = await ctx.staff.post(`/api/stages/${stage.id}/actions`, { data });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await addAction({ type: 'send_email', config: { templateId: template.body.id, to: 'contact' } });
    await addAction({ type: 'set_field', config: { field: 'mid', value: 'MID-1' } });
    await addAction({ type: 'send_email', config: { templateId: template.body.id, to: 'contact' }, isActive: false });
    for (const [name, toStageId] of [
      ['Hook on entry', stage.id],
      ['Elsewhere', other.id],
    ] as const) {
      const res = await ctx.staff.post('/api/automations', {
        data: {
          name,
          trigger: { type: 'stage_changed', toStageId },
          actions: [
            { type: 'webhook', config: { url: 'https://hooks.example.com/in', secret: 'a-long-shared-secret-0123' } },
          ],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const m = await createMerchant(ctx, { contactEmail: 'maria@example.com' });
    const before = await Promise.all([
      ctx.t.db.select({ n: count() }).from(merchantEvents),
      ctx.t.db.select({ n: count() }).from(emails),
    ]);

    const res = await ctx.staff.post<MerchantStagePreview>(`/api/merchants/${m.id}/stage/preview`, {
      stageId: stage.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.actions.map((a) => [a.type, a.source, a.automationName, a.outward, a.ok])).toEqual([
      ['send_email', 'stage_action', null, true, true],
      ['set_field', 'stage_action', null, false, true],
      ['webhook', 'automation', 'Hook on entry', true, true],
    ]);
    expect(res.body.actions[0]!.summary).toMatch(/Welcome .*maria@example\.com/);
    expect(res.body.actions[2]!.summary).toContain('https://hooks.example.com/in');

    const after = await Promise.all([
      ctx.t.db.select({ n: count() }).from(merchantEvents),
      ctx.t.db.select({ n: count() }).from(emails),
    ]);
    expect(after).toEqual(before);
    const unchanged = await ctx.staff.get<MerchantDetail>(`/api/merchants/${m.id}`);
    expect(unchanged.body).toMatchObject({ stageId: m.stageId, mid: '' });
  });

  it('answers nothing for the stage it is in, 400 for a stage it cannot enter, 403 to an agent', async () => {
    const m = await createMerchant(ctx);
    const same = await ctx.staff.post<MerchantStagePreview>(`/api/merchants/${m.id}/stage/preview`, {
      stageId: m.stageId,
    });
    expect(same.body).toEqual({ actions: [] });
    const inactive = await createStage(ctx, 'sales', { isActive: false });
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage/preview`, { stageId: inactive.id })).status).toBe(400);
    expect((await ctx.staff.post(`/api/merchants/${m.id}/stage/preview`, { stageId: 'nope' })).status).toBe(400);
    expect((await ctx.agent.post(`/api/merchants/${m.id}/stage/preview`, { stageId: m.stageId })).status).toBe(403);
  });

  it('keeps the note written with a stage change on its timeline event', async () => {
    const m = await createMerchant(ctx);
    const res = await ctx.staff.post(`/api/merchants/${m.id}/stage`, {
      stageId: ctx.stage.underwriting.id,
      note: '  Documents complete, ready for review  ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [event] = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events;
    expect(event).toMatchObject({ type: 'stage_changed', data: { note: 'Documents complete, ready for review' } });
    const long = await ctx.staff.post(`/api/merchants/${m.id}/stage`, {
      stageId: ctx.stage.sales.id,
      note: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
  });
});
