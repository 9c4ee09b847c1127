import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { domainEvents } from '../db/schema/merchants.ts';
import { users } from '../db/schema/users.ts';
import { dispatchPendingEvents, EVENT_CONSUMERS } from '../domain/workflow/dispatcher.ts';
import type { EventConsumer } from '../domain/workflow/domain-event.ts';
import { insertStageAction, jobsFor, stageActionRuns } from '../domain/workflow/workflow-test-helpers.ts';
import { testServerUrl } from '../test/scratch-database.ts';
import { startTestJobEngine } from '../test/job-engine.ts';
import { useMerchantContext } from '../test/merchant-record-context.ts';
import type { JobEngine } from './job-engine.ts';
import type { Db } from '../db/client.ts';
import { benchMerchants, workflowOn } from './workflow-batch-helpers.ts';

/**
 * The workflow's batches (decision 092): the dispatcher takes many events a transaction, and on
 * PostgreSQL several worker loops a queue run the jobs. Neither may run a piece of work twice.
 */
describe('the workflow in batches', () => {
  const ctx = useMerchantContext();
  let staffId: string;
  beforeAll(async () => {
    const [staff] = await ctx.t.db.select({ id: users.id }).from(users).where(eq(users.role, 'ROLE_STAFF')).limit(1);
    staffId = staff!.id;
  });

  it('a batch that fails on one event commits the events before it and leaves that one and the rest', async () => {
    const engine = await startTestJobEngine(ctx.t, { workers: false });
    try {
      const target = ctx.stage.operations;
      await insertStageAction(ctx.t, target.id, 'create_todo', { title: 'Batch', assignTo: 'user', userId: staffId });
      await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now); // none older than ours left
      const merchants = await benchMerchants(ctx, target, 5);
      const bad = merchants[2]!;
      const crash: EventConsumer = async (_tx, _jobs, event) => {
        if (event.subjectId === bad) throw new Error('consumer failed');
        return 0;
      };
      const dispatch = (consumers: readonly EventConsumer[]) =>
        dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now, 100, 5, consumers);

      await expect(dispatch([...EVENT_CONSUMERS, crash])).rejects.toThrow('consumer failed');
      const waiting = await ctx.t.db
        .select({ subjectId: domainEvents.subjectId })
        .from(domainEvents)
        .where(and(inArray(domainEvents.subjectId, merchants), isNull(domainEvents.processedAt)));
      expect(waiting.map((e) => e.subjectId).sort()).toEqual(merchants.slice(2).sort());
      const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
      expect(runs.map((r) => r.merchantId).sort()).toEqual(merchants.slice(0, 2).sort());

      expect(await dispatch(EVENT_CONSUMERS)).toBe(3);
      const after = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
      expect(after.map((r) => r.merchantId).sort()).toEqual([...merchants].sort()); // one each
      expect(
        await jobsFor(
          ctx.t,
          after.map((r) => r.id),
        ),
      ).toHaveLength(5);
    } finally {
      await engine.stop();
    }
  });

  // Two engines need two connections at once: PGlite has one.
  it.skipIf(!testServerUrl)('two engines run each of 60 stage-action jobs once, on its first attempt', async () => {
    const target = ctx.stage.underwriting;
    await insertStageAction(ctx.t, target.id, 'create_todo', { title: 'Twice?', assignTo: 'user', userId: staffId });
    const merchants = await benchMerchants(ctx, target, 60);
    const engines: JobEngine[] = [await startTestJobEngine(ctx.t), await startTestJobEngine(ctx.t)];
    try {
      await vi.waitFor(
        async () => {
          const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
          expect(runs.filter((r) => r.status === 'succeeded')).toHaveLength(60);
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await Promise.all(engines.map((engine) => engine.stop()));
    }
    const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
    expect(runs).toHaveLength(60);
    expect(runs.every((r) => r.attempt === 1)).toBe(true); // a second delivery raises it
    const todos = (await ctx.t.db.execute<{ merchantId: string; n: number }>(
      sql`select merchant_id as "merchantId", count(*)::int as n from todos where title = 'Twice?' group by merchant_id`,
    )) as { rows: { merchantId: string; n: number }[] };
    expect(todos.rows.map((r) => r.merchantId).sort()).toEqual([...merchants].sort());
    expect(todos.rows.every((r) => r.n === 1)).toBe(true);
    const jobs = await jobsFor(
      ctx.t,
      runs.map((r) => r.id),
    );
    expect(jobs.map((j) => j.state)).toEqual(Array(60).fill('completed'));
  });

  it('runs a fetch of jobs in one transaction, not a claim and a transaction each (decision 101)', async () => {
    const engine = await startTestJobEngine(ctx.t, { workers: false });
    const counted = countingDb(ctx.t.db);
    let workflow: { stop: () => Promise<void> } | undefined;
    try {
      const target = ctx.stage.withdrawn;
      await insertStageAction(ctx.t, target.id, 'create_todo', {
        title: 'Together',
        assignTo: 'user',
        userId: staffId,
      });
      const merchants = await benchMerchants(ctx, target, 5);
      await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
      workflow = await workflowOn(engine, counted.db, ctx.t.clock.now);
      await vi.waitFor(
        async () => {
          const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
          expect(runs.filter((r) => r.status === 'succeeded' && r.attempt === 1)).toHaveLength(5);
        },
        { timeout: 20_000, interval: 100 },
      );
      await workflow.stop();
      workflow = undefined;
      // The dispatcher's one pass (nothing left) and the fetch's one transaction: before, each job
      // was a claim statement and a transaction of its own.
      expect(counted.calls()).toBe(2);
    } finally {
      await workflow?.stop();
      await engine.stop();
    }
  });

  it('a job that fails in a batch is retried alone; the others complete once, on their first attempt', async () => {
    const engine = await startTestJobEngine(ctx.t, { workers: false });
    let workflow: { stop: () => Promise<void> } | undefined;
    const target = ctx.stage.terminated;
    await insertStageAction(ctx.t, target.id, 'create_todo', { title: 'Alone?', assignTo: 'user', userId: staffId });
    const merchants = await benchMerchants(ctx, target, 5);
    const bad = merchants[2]!;
    await ctx.t.db.execute(
      sql.raw(`create or replace function refuse_todo() returns trigger language plpgsql as $$
        begin if new.merchant_id = '${bad}' then raise exception 'todo refused'; end if; return new; end $$`),
    );
    await ctx.t.db.execute(
      sql`create trigger refuse_todo before insert on todos for each row execute function refuse_todo()`,
    );
    try {
      await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
      workflow = await workflowOn(engine, ctx.t.db, ctx.t.clock.now);
      await vi.waitFor(
        async () => {
          const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
          expect(runs.filter((r) => r.status === 'succeeded' || r.status === 'failed')).toHaveLength(5);
        },
        { timeout: 20_000, interval: 100 },
      );
      const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
      const failed = runs.find((r) => r.merchantId === bad)!;
      expect(failed).toMatchObject({ status: 'failed', attempt: 3 }); // three attempts (the test policy)
      expect(failed.error).toContain('insert into "todos"'); // the refused statement
      const good = runs.filter((r) => r.merchantId !== bad);
      expect(good.map((r) => [r.status, r.attempt])).toEqual(Array(4).fill(['succeeded', 1]));
      const todos = (await ctx.t.db.execute<{ merchantId: string; n: number }>(
        sql`select merchant_id as "merchantId", count(*)::int as n from todos where title = 'Alone?' group by merchant_id`,
      )) as { rows: { merchantId: string; n: number }[] };
      expect(todos.rows.map((r) => r.merchantId).sort()).toEqual(good.map((r) => r.merchantId).sort());
      expect(todos.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await workflow?.stop();
      await engine.stop();
      await ctx.t.db.execute(sql`drop trigger refuse_todo on todos`);
    }
  });

  it('round robin takes turns within one batch as it did job by job', async () => {
    const engine = await startTestJobEngine(ctx.t, { workers: false });
    let workflow: { stop: () => Promise<void> } | undefined;
    try {
      const pair = await ctx.t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.status, 'active'))
        .orderBy(users.id)
        .limit(2);
      const target = ctx.stage.dead;
      await insertStageAction(ctx.t, target.id, 'assign_user', { mode: 'round_robin', userIds: pair.map((u) => u.id) });
      const merchants = await benchMerchants(ctx, target, 4);
      await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
      workflow = await workflowOn(engine, ctx.t.db, ctx.t.clock.now);
      await vi.waitFor(
        async () => {
          const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
          expect(runs.filter((r) => r.status === 'succeeded')).toHaveLength(4);
        },
        { timeout: 20_000, interval: 100 },
      );
      const assigned = (await ctx.t.db.execute<{ id: string; n: number }>(
        sql`select assigned_user_id as id, count(*)::int as n from merchants where stage_id = ${target.id} group by 1`,
      )) as { rows: { id: string; n: number }[] };
      expect(assigned.rows.map((r) => r.n)).toEqual([2, 2]);
    } finally {
      await workflow?.stop();
      await engine.stop();
    }
  });
});

/** `db` counting what goes to the database outside a transaction: each transaction, each lone statement. */
function countingDb(db: Db): { db: Db; calls: () => number } {
  let calls = 0;
  const counted = new Set(['transaction', 'select', 'insert', 'update', 'delete', 'execute']);
  const proxy = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (counted.has(String(property))) calls += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, calls: () => calls };
}
