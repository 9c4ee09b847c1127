import { randomUUID } from 'node:crypto';
import type { MerchantDetail, MerchantEvent } from '@boardwalk/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, merchants, merchantStageIntervals } from '../../db/schema/merchants.ts';
import type { ProblemBody } from '../../test/json-client.ts';
import {
  auditRows,
  createMerchant,
  createStage,
  failInsertsInto,
  merchantTableCounts,
  useMerchantContext,
} from '../../test/merchant-record-context.ts';
import { createUser } from '../../test/sign-in.ts';

type Events = { events: MerchantEvent[]; total: number };

describe('merchant stage change and assignment', () => {
  const ctx = useMerchantContext();
  const intervals = (merchantId: string) =>
    ctx.t.db
      .select()
      .from(merchantStageIntervals)
      .where(eq(merchantStageIntervals.merchantId, merchantId))
      .orderBy(asc(merchantStageIntervals.enteredAt));
  const outbox = (merchantId: string, type: string) =>
    ctx.t.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.subjectId, merchantId))
      .then((rows) => rows.filter((r) => r.type === type));

  it('changes the stage in one transaction: merchant, intervals closed and opened, timeline, domain event, audit', async () => {
    const m = await createMerchant(ctx);
    ctx.t.clock.advance(60_000);
    const res = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.sales.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ stageId: ctx.stage.sales.id, pipeline: 'sales' });
    expect(new Date(res.body.stageEnteredAt).getTime()).toBe(ctx.t.clock.now().getTime());

    const rows = await intervals(m.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ stageId: ctx.entry.id, leftAt: ctx.t.clock.now(), leftBy: ctx.staffUser.id });
    expect(rows[1]).toMatchObject({ stageId: ctx.stage.sales.id, leftAt: null, enteredBy: ctx.staffUser.id });

    const [event] = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events;
    expect(event).toMatchObject({
      type: 'stage_changed',
      data: {
        fromStage: { id: ctx.entry.id, name: ctx.entry.name, pipeline: 'sales' },
        toStage: { id: ctx.stage.sales.id, name: ctx.stage.sales.name, pipeline: 'sales' },
      },
    });
    expect((await outbox(m.id, 'merchant.stage_changed'))[0]?.payload).toMatchObject({
      fromStageId: ctx.entry.id,
      toStageId: ctx.stage.sales.id,
      fromPipeline: 'sales',
      toPipeline: 'sales',
    });
    expect(await auditRows(ctx.t, 'merchant.stage_change', m.id)).toHaveLength(1);
  });

  it('moves the merchant to the view of another pipeline’s stage', async () => {
    const m = await createMerchant(ctx);
    const res = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/stage`, {
      stageId: ctx.stage.underwriting.id,
    });
    expect(res.body).toMatchObject({ pipeline: 'underwriting', stage: { pipeline: 'underwriting' } });
    const [row] = await ctx.t.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(row!.pipeline).toBe('underwriting');
    expect((await intervals(m.id)).map((i) => i.pipeline)).toEqual(['sales', 'underwriting']);
  });

  it('answers the same stage with 200 and changes nothing', async () => {
    const m = await createMerchant(ctx);
    const before = await merchantTableCounts(ctx.t);
    const res = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/stage`, { stageId: ctx.entry.id });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBe(m.updatedAt);
    expect(await merchantTableCounts(ctx.t)).toEqual(before);
  });

  it('refuses an inactive, deleted or unknown stage with a field error, and a stale updatedAt with 409', async () => {
    const m = await createMerchant(ctx);
    const inactive = await createStage(ctx, 'dead', { isActive: false });
    const deleted = await createStage(ctx, 'dead');
    expect((await ctx.staff.delete(`/api/stages/${deleted.id}`)).status).toBe(204);
    for (const stageId of [inactive.id, deleted.id, randomUUID()]) {
      const res = await ctx.staff.post<ProblemBody>(`/api/merchants/${m.id}/stage`, { stageId });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ stageId: ['Choose an active stage'] });
    }
    ctx.t.clock.advance(1000);
    await ctx.staff.patch(`/api/merchants/${m.id}`, { updatedAt: m.updatedAt, city: 'Ely' });
    const stale = await ctx.staff.post<ProblemBody & { code: string }>(`/api/merchants/${m.id}/stage`, {
      stageId: ctx.stage.dead.id,
      updatedAt: m.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_update');
    expect((await ctx.staff.post(`/api/merchants/${randomUUID()}/stage`, { stageId: ctx.stage.dead.id })).status).toBe(
      404,
    );
  });

  it('rolls the whole stage change back when a later step fails', async () => {
    const m = await createMerchant(ctx);
    const before = await merchantTableCounts(ctx.t);
    const allow = await failInsertsInto(ctx.t, 'domain_events', `NEW.subject_id = '${m.id}'`);
    try {
      const res = await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.operations.id });
      expect(res.status).toBe(500);
    } finally {
      await allow();
    }
    const [row] = await ctx.t.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(row).toMatchObject({ stageId: ctx.entry.id, pipeline: 'sales', updatedAt: new Date(m.updatedAt) });
    const rows = await intervals(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.leftAt).toBeNull();
    expect(await merchantTableCounts(ctx.t)).toEqual(before);
  });

  it('rolls a create back entirely when its last step fails', async () => {
    const dbaName = `Doomed ${randomUUID()}`;
    const before = await merchantTableCounts(ctx.t);
    const allow = await failInsertsInto(ctx.t, 'audit_log', `NEW.action = 'merchant.create'`);
    try {
      const res = await ctx.staff.post('/api/merchants', {
        data: { dbaName, owners: [{ firstName: 'A', lastName: 'B' }] },
      });
      expect(res.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await merchantTableCounts(ctx.t)).toEqual(before);
  });

  it('assigns to an active staff user and back to nobody, with timeline and audit; refuses an agent', async () => {
    const m = await createMerchant(ctx);
    const person = await createUser(ctx.t.db, { role: 'ROLE_ADMIN', displayName: 'Rosa Parks' });
    const res = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/assignment`, {
      assignedUserId: person.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.assignee).toEqual({ id: person.id, name: 'Rosa Parks' });
    const same = await ctx.staff.post<MerchantDetail>(`/api/merchants/${m.id}/assignment`, {
      assignedUserId: person.id,
    });
    expect(same.body.updatedAt).toBe(res.body.updatedAt);
    await ctx.staff.post(`/api/merchants/${m.id}/assignment`, { assignedUserId: null });
    const events = (await ctx.staff.get<Events>(`/api/merchants/${m.id}/events`)).body.events;
    expect(events.slice(0, 2).map((e) => [e.type, e.data.summary])).toEqual([
      ['assigned', 'Unassigned'],
      ['assigned', 'Assigned to Rosa Parks'],
    ]);
    expect(await auditRows(ctx.t, 'merchant.assign', m.id)).toHaveLength(2);
    const agent = await createUser(ctx.t.db, { role: 'ROLE_AGENT' });
    const refused = await ctx.staff.post<ProblemBody>(`/api/merchants/${m.id}/assignment`, {
      assignedUserId: agent.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ assignedUserId: ['Choose an active staff user'] });
  });

  it('refuses to delete a stage live merchants are in (409 naming how many), allows it once they left', async () => {
    const stage = await createStage(ctx, 'withdrawn');
    const a = await createMerchant(ctx, { stageId: stage.id });
    const b = await createMerchant(ctx, { stageId: stage.id });
    const refused = await ctx.staff.delete<ProblemBody>(`/api/stages/${stage.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      '2 merchants are in this stage. Move them to another stage before deleting this one.',
    );
    await ctx.staff.post(`/api/merchants/${a.id}/stage`, { stageId: ctx.stage.withdrawn.id });
    const one = await ctx.staff.delete<ProblemBody>(`/api/stages/${stage.id}`);
    expect(one.body.detail).toBe('1 merchant is in this stage. Move it to another stage before deleting this one.');
    expect((await ctx.staff.delete(`/api/merchants/${b.id}`)).status).toBe(204);
    expect((await ctx.staff.delete(`/api/stages/${stage.id}`)).status).toBe(204);
  });
});
