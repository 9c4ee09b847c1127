import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema/users.ts';
import { dispatchPendingEvents } from '../domain/workflow/dispatcher.ts';
import { insertStageAction, stageActionRuns } from '../domain/workflow/workflow-test-helpers.ts';
import { startTestJobEngine } from '../test/job-engine.ts';
import { useMerchantContext } from '../test/merchant-record-context.ts';
import { benchMerchants, workflowOn } from './workflow-batch-helpers.ts';

/**
 * A batch's todos go in one statement with the end of its runs (decision 121); each run still
 * names its own todo, and each merchant has one.
 */
describe('a batch of create_todo jobs', () => {
  const ctx = useMerchantContext();
  let staffId: string;
  beforeAll(async () => {
    const [staff] = await ctx.t.db.select({ id: users.id }).from(users).where(eq(users.role, 'ROLE_STAFF')).limit(1);
    staffId = staff!.id;
  });

  it('inserts its todos in one statement, each run naming its own todo', async () => {
    const engine = await startTestJobEngine(ctx.t, { workers: false });
    let workflow: { stop: () => Promise<void> } | undefined;
    // Each insert statement on todos logs how many rows it added.
    await ctx.t.db.execute(sql`create table todo_insert_statements (title text, added int)`);
    await ctx.t.db.execute(
      sql.raw(`create or replace function log_todo_statement() returns trigger language plpgsql as $$
        begin insert into todo_insert_statements select min(title), count(*) from added; return null; end $$`),
    );
    await ctx.t.db.execute(sql`create trigger log_todo_statement after insert on todos
      referencing new table as added for each statement execute function log_todo_statement()`);
    try {
      const target = ctx.stage.withdrawn;
      await insertStageAction(ctx.t, target.id, 'create_todo', { title: 'One go', assignTo: 'user', userId: staffId });
      const merchants = await benchMerchants(ctx, target, 5);
      await dispatchPendingEvents(ctx.t.db, engine.boss, ctx.t.clock.now);
      workflow = await workflowOn(engine, ctx.t.db, ctx.t.clock.now);
      await vi.waitFor(
        async () => {
          const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
          expect(runs.filter((r) => r.status === 'succeeded' && r.attempt === 1)).toHaveLength(5);
        },
        { timeout: 20_000, interval: 100 },
      );
      const statements = (await ctx.t.db.execute<{ added: number }>(
        sql`select added from todo_insert_statements where title = 'One go'`,
      )) as { rows: { added: number }[] };
      expect(statements.rows.map((r) => Number(r.added))).toEqual([5]); // before: five statements of one

      const todos = (await ctx.t.db.execute<{ id: string; merchantId: string }>(
        sql`select id, merchant_id as "merchantId" from todos where title = 'One go'`,
      )) as { rows: { id: string; merchantId: string }[] };
      const runs = await stageActionRuns(ctx.t.db, inArray(sql`merchant_id`, merchants));
      expect(todos.rows.map((t) => t.merchantId).sort()).toEqual([...merchants].sort());
      const todoOf = new Map(todos.rows.map((t) => [t.merchantId, t.id]));
      for (const run of runs) {
        expect(run.results[0]!.result).toEqual({ todoId: todoOf.get(run.merchantId!), assigneeId: staffId });
      }
    } finally {
      await workflow?.stop();
      await engine.stop();
      await ctx.t.db.execute(sql`drop trigger log_todo_statement on todos`);
      await ctx.t.db.execute(sql`drop table todo_insert_statements`);
    }
  });
});
