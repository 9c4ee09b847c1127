import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../db/schema/merchants.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { createMerchant, failInsertsInto, useMerchantContext } from '../../test/merchant-record-context.ts';
import { dispatchPendingEvents } from './dispatcher.ts';
import { executionsOf, insertStageAction, jobsFor } from './workflow-test-helpers.ts';

describe('the dispatcher turns domain events into executions and jobs', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine;
  // No workers: the jobs stay queued for the test to look at, and nothing dispatches but the test.
  beforeAll(async () => {
    engine = await startTestJobEngine(ctx.t, { workers: false });
  });
  afterAll(() => engine?.stop());
  const dispatch = () => dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
  const todo = (title: string) => ({ title, assignTo: 'assignee' });

  it('a stage change records one execution and one job per active action of the entered stage, once', async () => {
    const target = ctx.stage.underwriting;
    const first = await insertStageAction(ctx.t, target.id, 'create_todo', todo('first'), { position: 0 });
    const second = await insertStageAction(
      ctx.t,
      target.id,
      'set_field',
      { field: 'mid', value: 'M1' },
      { position: 1 },
    );
    await insertStageAction(ctx.t, target.id, 'create_todo', todo('inactive'), { isActive: false });
    await insertStageAction(ctx.t, target.id, 'create_todo', todo('deleted'), { deletedAt: ctx.t.clock.now() });
    await insertStageAction(ctx.t, ctx.stage.operations.id, 'create_todo', todo('other stage'));
    const m = await createMerchant(ctx);
    await dispatch(); // merchant.created into the entry stage: no actions there
    expect(await executionsOf(ctx.t, m.id)).toEqual([]);

    const res = await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: target.id });
    expect(res.status).toBe(200);
    expect(await executionsOf(ctx.t, m.id)).toEqual([]); // nothing happens in the request itself
    expect(await dispatch()).toBeGreaterThanOrEqual(1);

    const rows = await executionsOf(ctx.t, m.id);
    expect(rows.map((r) => r.stageActionId).sort()).toEqual([first.id, second.id].sort());
    expect(rows.every((r) => r.status === 'queued' && r.attempt === 0 && r.stageId === target.id)).toBe(true);
    expect(rows.find((r) => r.stageActionId === second.id)?.actionConfig).toEqual({ field: 'mid', value: 'M1' });
    const jobs = await jobsFor(
      ctx.t,
      rows.map((r) => r.id),
    );
    expect(jobs.map((j) => j.executionId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(jobs.map((j) => j.id).sort()).toEqual(rows.map((r) => r.jobId).sort());
    const [event] = await ctx.t.db.select().from(domainEvents).where(eq(domainEvents.id, rows[0]!.domainEventId!));
    expect(event?.processedAt).not.toBeNull();

    // The same event again (as a second dispatcher might): the idempotency key inserts nothing.
    await ctx.t.db.update(domainEvents).set({ processedAt: null }).where(eq(domainEvents.id, event!.id));
    await dispatch();
    expect(await executionsOf(ctx.t, m.id)).toHaveLength(2);
    expect(
      await jobsFor(
        ctx.t,
        rows.map((r) => r.id),
      ),
    ).toHaveLength(2);
  });

  it('a stage change that rolls back leaves no event, so no execution and no job', async () => {
    const target = ctx.stage.operations;
    const m = await createMerchant(ctx);
    await dispatch();
    const restore = await failInsertsInto(ctx.t, 'audit_log', `NEW.action = 'merchant.stage_change'`);
    try {
      const res = await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: target.id });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await dispatch()).toBe(0);
    expect(await executionsOf(ctx.t, m.id)).toEqual([]);
    const events = await ctx.t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, m.id));
    expect(events.map((e) => e.type)).toEqual(['merchant.created']);
  });

  it('merchant.created runs the entry stage’s actions', async () => {
    const action = await insertStageAction(ctx.t, ctx.entry.id, 'create_todo', todo('welcome'));
    const m = await createMerchant(ctx);
    await dispatch();
    const rows = await executionsOf(ctx.t, m.id);
    expect(rows.map((r) => r.stageActionId)).toEqual([action.id]);
    expect(await jobsFor(ctx.t, [rows[0]!.id])).toHaveLength(1);
  });
  it('a batch’s jobs go in one insert a queue, in the batch’s transaction, not one send a job', async () => {
    const target = ctx.stage.underwriting;
    await insertStageAction(ctx.t, target.id, 'create_todo', todo('batched'));
    const moved = [await createMerchant(ctx), await createMerchant(ctx), await createMerchant(ctx)];
    await dispatch();
    for (const m of moved)
      expect((await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: target.id })).status).toBe(200);
    let sends = 0;
    const inserts: number[] = [];
    const counting = {
      send: ((...args: Parameters<typeof engine.boss.send>) => {
        sends += 1;
        return engine.boss.send(...args);
      }) as typeof engine.boss.send,
      insert: ((...args: Parameters<typeof engine.boss.insert>) => {
        inserts.push(args[1].length);
        return engine.boss.insert(...args);
      }) as typeof engine.boss.insert,
    };
    expect(await dispatchPendingEvents(ctx.t.db, counting, ctx.t.clock.now)).toBe(3);
    // Every active action of the stage (earlier tests left two there), for each of the three.
    const rows = (await Promise.all(moved.map((m) => executionsOf(ctx.t, m.id))))
      .flat()
      .filter((r) => r.stageId === target.id);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect({ sends, inserts }).toEqual({ sends: 0, inserts: [rows.length] });
    const jobs = await jobsFor(
      ctx.t,
      rows.map((r) => r.id),
    );
    expect(jobs.map((j) => j.id).sort()).toEqual(rows.map((r) => r.jobId).sort());
  });
});
