import type { MerchantDetail } from '@boardwalk/shared';
import type { Automation } from '@boardwalk/shared/schemas/automation';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { automationExecutions } from '../../db/schema/automations.ts';
import { domainEvents, merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { todos } from '../../db/schema/todos.ts';
import { evaluateSchedules, evaluateTimeInStage } from '../../jobs/automation-triggers.job.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { startTestJobEngine } from '../../test/job-engine.ts';
import { jsonClient } from '../../test/json-client.ts';
import { createUser, signInAs } from '../../test/sign-in.ts';
import { createMerchant, createStage, queryRows, useMerchantContext } from '../../test/merchant-record-context.ts';
import { AUTOMATION_JOB, automationConsumer, DEPTH_LIMIT_REASON, MAX_CHAIN_DEPTH } from './automation-dispatch.ts';
import { dispatchNextEvent, dispatchPendingEvents } from './dispatcher.ts';

const HOUR = 3_600_000;

describe('automations on the job engine', () => {
  const ctx = useMerchantContext();
  let engine: JobEngine | undefined;
  /** The engine with its workers and dispatcher loop, started after the rollback test. */
  const running = async () => (engine ??= await startTestJobEngine(ctx.t));
  afterAll(() => engine?.stop());

  const create = async (data: Record<string, unknown>, staff = ctx.staff) => {
    const res = await staff.post<Automation>('/api/automations', {
      data: { name: `Auto ${Math.random()}`, ...data },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const runsOf = (automationId: string) =>
    ctx.t.db.select().from(automationExecutions).where(eq(automationExecutions.automationId, automationId));
  const settled = async (automationId: string, n = 1) => {
    await vi.waitFor(
      async () => {
        const rows = await runsOf(automationId);
        expect(rows).toHaveLength(n);
        expect(rows.every((r) => ['succeeded', 'failed', 'stopped', 'waiting'].includes(r.status))).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    return runsOf(automationId);
  };

  it('a dispatch that rolls back leaves no execution and no job', async () => {
    const target = ctx.stage.operations;
    const a = await create({
      trigger: { type: 'stage_changed', toStageId: target.id },
      actions: [{ type: 'set_field', config: { field: 'mid', value: 'RB' } }],
    });
    const sender = await startTestJobEngine(ctx.t, { workers: false });
    try {
      const m = await createMerchant(ctx);
      await dispatchPendingEvents(ctx.t.db, sender.boss, ctx.t.clock.now); // the created events
      await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: target.id });
      const crash = async () => {
        throw new Error('crash after recording');
      };
      await expect(
        dispatchNextEvent(ctx.t.db, sender.boss, ctx.t.clock.now(), [automationConsumer, crash]),
      ).rejects.toThrow('crash after recording');
      expect(await runsOf(a.id)).toHaveLength(0);
      expect((await queryRows<{ n: number }>(ctx.t, orphanJobs()))[0]!.n).toBe(0);
      // The event is still there: the next dispatch records the run and its job together.
      await dispatchPendingEvents(ctx.t.db, sender.boss, ctx.t.clock.now);
      const [run] = await runsOf(a.id);
      expect(run).toMatchObject({ merchantId: m.id, status: 'queued' });
      expect((await queryRows<{ id: string }>(ctx.t, jobOf(run!.id))).map((j) => j.id)).toEqual([run!.jobId]);
    } finally {
      await sender.stop();
    }
  });

  it('a stage change records the matching automation with its job in its transaction, and runs it once', async () => {
    await running();
    const target = ctx.stage.underwriting;
    const a = await create({
      trigger: { type: 'stage_changed', toStageId: target.id },
      conditions: [{ field: 'monthlyVolume', operator: 'gte', value: 1000 }],
      actions: [
        { type: 'create_todo', config: { title: 'Check the file', assignTo: 'assignee' } },
        { type: 'set_field', config: { field: 'mid', value: 'AUTO-1' } },
      ],
    });
    const small = await createMerchant(ctx, { monthlyVolume: 10, assignedUserId: ctx.staffUser.id });
    const m = await createMerchant(ctx, { monthlyVolume: 5000, assignedUserId: ctx.staffUser.id });
    await ctx.staff.post(`/api/merchants/${small.id}/stage`, { stageId: target.id });
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: target.id });
    const [run] = await settled(a.id);
    expect(run).toMatchObject({ merchantId: m.id, status: 'succeeded', nextPosition: 2, triggerType: 'stage_changed' });
    expect(run!.results.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(await ctx.t.db.select().from(todos).where(eq(todos.merchantId, m.id))).toHaveLength(1);
    const timeline = await ctx.t.db
      .select()
      .from(merchantEvents)
      .where(and(eq(merchantEvents.merchantId, m.id), eq(merchantEvents.type, 'automation')));
    expect(timeline).toHaveLength(1);

    // Delivered again: the run is finished, nothing runs twice.
    await (await running()).boss.send(AUTOMATION_JOB, { executionId: run!.id });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await ctx.t.db.select().from(todos).where(eq(todos.merchantId, m.id))).toHaveLength(1);
    // Dispatching the same event again records nothing new (automation + event key).
    await ctx.t.db.update(domainEvents).set({ processedAt: null }).where(eq(domainEvents.id, run!.domainEventId!));
    await dispatchPendingEvents(ctx.t.db, (await running()).boss, ctx.t.clock.now);
    expect(await runsOf(a.id)).toHaveLength(1);
  });

  it('change_stage moves the merchant for real; a loop stops at the depth limit, visibly', async () => {
    await running();
    const [s1, s2] = [ctx.stage.dead, ctx.stage.withdrawn];
    // Two automations bouncing a merchant between two stages: each alone passes the guard rail.
    const there = await create({
      trigger: { type: 'stage_changed', toStageId: s1.id },
      actions: [{ type: 'change_stage', config: { stageId: s2.id } }],
    });
    const back = await create({
      trigger: { type: 'stage_changed', toStageId: s2.id },
      actions: [{ type: 'change_stage', config: { stageId: s1.id } }],
    });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: s1.id });
    await vi.waitFor(
      async () => {
        const rows = [...(await runsOf(there.id)), ...(await runsOf(back.id))];
        expect(rows.some((r) => r.status === 'stopped')).toBe(true);
        expect(rows.every((r) => ['succeeded', 'stopped'].includes(r.status))).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );
    const rows = [...(await runsOf(there.id)), ...(await runsOf(back.id))];
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(MAX_CHAIN_DEPTH);
    const stopped = rows.find((r) => r.status === 'stopped')!;
    expect(stopped).toMatchObject({ depth: MAX_CHAIN_DEPTH, error: DEPTH_LIMIT_REASON });
    // The moves were real stage changes: timeline entries and stage intervals.
    const moves = await ctx.t.db
      .select()
      .from(merchantEvents)
      .where(and(eq(merchantEvents.merchantId, m.id), eq(merchantEvents.type, 'stage_changed')));
    expect(moves).toHaveLength(1 + MAX_CHAIN_DEPTH);
    const [row] = await ctx.t.db.select({ stageId: merchants.stageId }).from(merchants).where(eq(merchants.id, m.id));
    expect([s1.id, s2.id]).toContain(row!.stageId);
  });

  it('a wait holds the rest for its hours in a job scheduled for then', async () => {
    await running();
    const a = await create({
      trigger: { type: 'stage_changed', toStageId: ctx.stage.sales.id },
      actions: [
        { type: 'set_field', config: { field: 'mid', value: 'BEFORE' } },
        { type: 'wait', config: { hours: 5 } },
        { type: 'set_field', config: { field: 'underwritingReason', value: 'after the wait' } },
      ],
    });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.stage.sales.id });
    const [run] = await settled(a.id);
    expect(run).toMatchObject({ status: 'waiting', nextPosition: 2 });
    expect(run!.resumeAt!.getTime()).toBe(ctx.t.clock.now().getTime() + 5 * HOUR);
    const [job] = await queryRows<{ start_after: Date }>(ctx.t, sqlJob(run!.jobId!));
    expect(new Date(job!.start_after).getTime()).toBe(run!.resumeAt!.getTime());
    const [row] = await ctx.t.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(row).toMatchObject({ mid: 'BEFORE', underwritingReason: '' });
  });

  it('runs merchant_created and fields_updated automations on their own events; round robin assigns in turn', async () => {
    await running();
    const tag = `RR ${randomUUID().slice(0, 8)}`;
    const second = await createUser(ctx.t.db);
    const byTag = [{ field: 'dbaName', operator: 'contains', value: tag }];
    const onCreate = await create({
      trigger: { type: 'merchant_created' },
      conditions: byTag,
      actions: [{ type: 'assign_user', config: { mode: 'round_robin', userIds: [ctx.staffUser.id, second.id] } }],
    });
    const onCity = await create({
      trigger: { type: 'fields_updated', fields: ['city'] },
      conditions: byTag,
      actions: [{ type: 'set_field', config: { field: 'mid', value: 'CITY-MOVED' } }],
    });
    const assignee = async (id: string) =>
      (await ctx.t.db.select().from(merchants).where(eq(merchants.id, id)))[0]!.assignedUserId;
    const first = await createMerchant(ctx, { dbaName: `${tag} one` });
    await settled(onCreate.id, 1);
    const next = await createMerchant(ctx, { dbaName: `${tag} two` });
    const runs = await settled(onCreate.id, 2);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect([await assignee(first.id), await assignee(next.id)]).toEqual([ctx.staffUser.id, second.id]);

    // A change of another field (the assignment above included) does not run it; a change of the city does.
    const patch = async (data: Record<string, unknown>) => {
      const current = (await ctx.staff.get<MerchantDetail>(`/api/merchants/${first.id}`)).body;
      const res = await ctx.staff.patch(`/api/merchants/${first.id}`, { ...data, updatedAt: current.updatedAt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await patch({ contactFirstName: 'Ana' });
    await dispatchPendingEvents(ctx.t.db, (await running()).boss, ctx.t.clock.now);
    expect(await runsOf(onCity.id)).toHaveLength(0);
    await patch({ city: 'Lyon' });
    const [run] = await settled(onCity.id, 1);
    expect(run).toMatchObject({ merchantId: first.id, status: 'succeeded', triggerType: 'fields_updated' });
    const [row] = await ctx.t.db.select({ mid: merchants.mid }).from(merchants).where(eq(merchants.id, first.id));
    expect(row!.mid).toBe('CITY-MOVED');
  });

  // Last: it moves the clock by hours.
  it('a time-in-stage automation fires once per stage entry', async () => {
    const stage = ctx.stage.terminated;
    const a = await create({
      trigger: { type: 'time_in_stage', stageId: stage.id, hours: 2 },
      actions: [{ type: 'create_todo', config: { title: 'Still here?', assignTo: 'user', userId: ctx.staffUser.id } }],
    });
    const m = await createMerchant(ctx);
    await ctx.staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id });
    expect((await evaluateTimeInStage(ctx.t.db, (await running()).boss, ctx.t.clock.now())).runsQueued).toBe(0);
    ctx.t.clock.advance(3 * HOUR);
    expect((await evaluateTimeInStage(ctx.t.db, (await running()).boss, ctx.t.clock.now())).runsQueued).toBe(1);
    expect((await evaluateTimeInStage(ctx.t.db, (await running()).boss, ctx.t.clock.now())).runsQueued).toBe(0);
    await settled(a.id, 1);
    // Leaving and entering again is a new stage entry: it fires once more.
    // (The clock moved past the session's idle timeout: sign in again.)
    const staff = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
    expect((await staff.post(`/api/merchants/${m.id}/stage`, { stageId: ctx.entry.id })).status).toBe(200);
    expect((await staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id })).status).toBe(200);
    ctx.t.clock.advance(3 * HOUR);
    expect((await evaluateTimeInStage(ctx.t.db, (await running()).boss, ctx.t.clock.now())).runsQueued).toBe(1);
    expect((await evaluateTimeInStage(ctx.t.db, (await running()).boss, ctx.t.clock.now())).runsQueued).toBe(0);
    await settled(a.id, 2);
    expect(await ctx.t.db.select().from(todos).where(eq(todos.merchantId, m.id))).toHaveLength(2);
  });

  it('a time-in-stage run goes on past a full batch of stage entries whose conditions do not hold', async () => {
    // The clock moved past the session's idle timeout in the test before: sign in again.
    const staff = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
    const as = { ...ctx, staff };
    const stage = await createStage(as, 'terminated');
    const tag = `Late ${randomUUID().slice(0, 8)}`;
    const a = await create(
      {
        trigger: { type: 'time_in_stage', stageId: stage.id, hours: 1 },
        conditions: [{ field: 'dbaName', operator: 'contains', value: tag }],
        actions: [{ type: 'set_field', config: { field: 'mid', value: 'LATE' } }],
      },
      staff,
    );
    const enter = async (data: Record<string, unknown> = {}) => {
      const m = await createMerchant(as, data);
      expect((await staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.id })).status).toBe(200);
      ctx.t.clock.advance(60_000);
      return m;
    };
    for (let i = 0; i < 3; i++) await enter(); // the oldest entries: the condition never holds for them
    const m = await enter({ dbaName: `${tag} shop` });
    ctx.t.clock.advance(2 * HOUR);
    await evaluateTimeInStage(ctx.t.db, (await running()).boss, ctx.t.clock.now(), 2);
    const [run] = await settled(a.id, 1);
    expect(run).toMatchObject({ merchantId: m.id, status: 'succeeded' });
  });

  it('a scheduled automation runs once per occurrence of its cron, for the merchants matching then', async () => {
    const tag = `Sched ${randomUUID().slice(0, 8)}`;
    // The clock moved past the session's idle timeout in the test before: sign in again.
    const staff = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_STAFF')).cookie);
    const a = await create(
      {
        trigger: { type: 'schedule', cron: '0 * * * *' },
        conditions: [{ field: 'dbaName', operator: 'contains', value: tag }],
        actions: [{ type: 'set_field', config: { field: 'mid', value: 'ON-SCHEDULE' } }],
      },
      staff,
    );
    const m = await createMerchant({ ...ctx, staff }, { dbaName: `${tag} shop` });
    await createMerchant({ ...ctx, staff }); // not matching
    const evaluate = async () =>
      (await evaluateSchedules(ctx.t.db, (await running()).boss, ctx.t.clock.now())).ran.filter(
        (r) => r.automationId === a.id,
      );
    expect(await evaluate()).toEqual([]); // no occurrence since it was saved
    ctx.t.clock.advance(HOUR);
    expect(await evaluate()).toMatchObject([{ matching: 1, queued: 1 }]);
    expect(await evaluate()).toEqual([]); // that occurrence ran
    const [run] = await settled(a.id, 1);
    expect(run).toMatchObject({ merchantId: m.id, status: 'succeeded', triggerType: 'schedule' });
    ctx.t.clock.advance(HOUR);
    expect(await evaluate()).toMatchObject([{ matching: 1, queued: 1 }]);
    await settled(a.id, 2);
  });
});

/** Automation jobs whose execution does not exist (what a rolled-back dispatch would leave). */
function orphanJobs() {
  return sql`select count(*)::int as n from pgboss.job j where j.name = ${AUTOMATION_JOB}
    and not exists (select 1 from automation_executions e where e.id::text = j.data->>'executionId')`;
}
function jobOf(executionId: string) {
  return sql`select id from pgboss.job where name = ${AUTOMATION_JOB} and data->>'executionId' = ${executionId}`;
}
function sqlJob(id: string) {
  return sql`select start_after from pgboss.job where id = ${id}::uuid`;
}
