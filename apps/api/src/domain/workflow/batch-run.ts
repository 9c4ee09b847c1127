import { inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { automationExecutions, type StoredActionResult } from '../../db/schema/automations.ts';
import { activeUserLabel } from './action-users.ts';
import { loadActionMerchant, loadActionMerchants, type ActionMerchant } from './action-merchant.ts';
import { runAutomationExecution, type AutomationRunOutcome } from './automation-run.ts';
import { writeAutomationTimeline } from './automation-dispatch.ts';
import { actionContextOf, checkedAction, withResult, type Execution } from './run-action.ts';
import type { Delivery, RunEnvironment } from './run-environment.ts';
import type { StoredAutomationAction } from '../../db/schema/automations.ts';
import type { WorkflowAction } from './action.ts';

/** A settled delivery: its outcome, or the error that fails its job (pg-boss then retries it). */
export type BatchResult = { outcome: AutomationRunOutcome } | { error: Error };

/** Actions that never change the merchant: a merchant read once a batch stays true after them. */
const LEAVES_MERCHANT = new Set(['create_todo', 'send_email', 'send_sms']);

/**
 * Runs a fetch's deliveries (decision 101). The executions whose remaining actions all have database
 * effects run in ONE transaction: their rows locked and read in one statement, the merchants and
 * users read once, each action's own statements, then one update that ends every row `succeeded`
 * (attempt + 1) and commits with the actions' effects. A crash before the commit leaves every row
 * and effect as it was, and the jobs are delivered again; after it, a redelivery finds the rows
 * ended. Should any action of the batch fail, the whole transaction rolls back and every delivery
 * runs alone through the one run loop (`runAutomationExecution`): the failing one is claimed,
 * recorded and retried by itself, the others complete once, on the attempt they would have had.
 * Webhooks, waits and rows that are not runnable go through the run loop as before.
 */
export async function runExecutionBatch(env: RunEnvironment, deliveries: readonly Delivery[]): Promise<BatchResult[]> {
  const results: (BatchResult | undefined)[] = new Array(deliveries.length);
  try {
    const done = await runTogether(env, deliveries);
    for (const [index, outcome] of done) results[index] = { outcome };
  } catch (error) {
    env.logger.debug({ err: error, jobs: deliveries.length }, 'batch rolled back; running its jobs one by one');
  }
  for (const [index, delivery] of deliveries.entries()) {
    if (results[index]) continue;
    try {
      results[index] = { outcome: await runAutomationExecution(env, delivery) };
    } catch (error) {
      results[index] = { error: error as Error };
    }
  }
  return results as BatchResult[];
}

type Finished = { id: string; results: StoredActionResult[]; next: number };

/** The batch's transaction: the runnable deliveries' outcomes by index (throws to roll them all back). */
async function runTogether(env: RunEnvironment, deliveries: readonly Delivery[]) {
  const done = new Map<number, AutomationRunOutcome>();
  if (deliveries.length === 0) return done;
  await env.db.transaction(async (tx) => {
    const ids = [...new Set(deliveries.map((d) => d.executionId))].sort();
    const rows = await tx
      .select()
      .from(automationExecutions)
      .where(inArray(automationExecutions.id, ids))
      .orderBy(automationExecutions.id)
      .for('update');
    const checked = checkedOnce();
    const byId = new Map(rows.filter((row) => runsInBatch(row, checked)).map((row) => [row.id, row]));
    const merchants = await loadActionMerchants(
      tx,
      [...byId.values()].map((row) => row.merchantId!),
    );
    const labels = new Map<string, Promise<string | null>>();
    const userLabel = (id: string) => {
      if (!labels.has(id)) labels.set(id, activeUserLabel(tx, id));
      return labels.get(id)!;
    };
    // Rows the actions insert (create_todo's todos), one statement a table with the rows' end.
    const inserts = new Map<PgTable, Record<string, unknown>[]>();
    const insertWithBatch = (table: PgTable, row: Record<string, unknown>) => {
      const list = inserts.get(table) ?? [];
      list.push(row);
      inserts.set(table, list);
    };
    const turns = new Map<string, number>();
    const finished: Finished[] = [];
    const now = env.now();
    for (const [index, delivery] of deliveries.entries()) {
      const row = byId.get(delivery.executionId);
      // Not runnable here, a second delivery of the same row, or a merchant gone: the run loop says so.
      if (!row || !merchants.has(row.merchantId!)) continue;
      byId.delete(row.id);
      const turnKey = `${row.origin}:${row.stageActionId ?? row.automationId}`;
      const runsBefore = turns.get(turnKey) ?? 0;
      let results = row.results;
      for (let position = row.nextPosition; position < row.actions.length; position += 1) {
        const stored = row.actions[position]!;
        const merchant = await merchantFor(tx, merchants, row.merchantId!);
        const startedAt = env.now().toISOString();
        const context = actionContextOf(env, tx, { ...row, nextPosition: position }, merchant, {
          runsBefore,
          userLabel,
          insertWithBatch,
        });
        const output = await checked(stored).run(context, stored.config as never);
        if (!LEAVES_MERCHANT.has(stored.type)) merchants.delete(row.merchantId!);
        results = withResult(row, results, position, {
          status: 'succeeded',
          result: output,
          startedAt,
          finishedAt: env.now().toISOString(),
        });
      }
      turns.set(turnKey, runsBefore + 1);
      if (row.origin === 'automation') {
        await writeAutomationTimeline(tx, row.merchantId!, row.automationName, row.id, 'ran', now);
      }
      finished.push({ id: row.id, results, next: row.actions.length });
      done.set(index, { status: 'succeeded', done: row.actions.length });
    }
    await finishAll(tx, finished, inserts, now);
  });
  return done;
}

/** Whether a locked row can run in the batch: claimable, and every action left a database one. */
function runsInBatch(row: Execution, checked: (stored: StoredAutomationAction) => WorkflowAction): boolean {
  if (!['queued', 'running', 'waiting'].includes(row.status) || !row.merchantId) return false;
  if (row.nextPosition >= row.actions.length) return false;
  return row.actions.slice(row.nextPosition).every((stored) => {
    try {
      const action = checked(stored);
      return action.effects === 'database' && action.type !== 'wait';
    } catch {
      return false; // the run loop records why it cannot run
    }
  });
}

/** The merchant as the batch last read it, read again after an action that may have changed it. */
async function merchantFor(tx: Db, merchants: Map<string, ActionMerchant>, id: string): Promise<ActionMerchant> {
  const known = merchants.get(id);
  if (known) return known;
  const fresh = await loadActionMerchant(tx, id);
  if (!fresh) throw new Error('The merchant disappeared during the batch'); // rolls back: run alone
  merchants.set(id, fresh);
  return fresh;
}

/**
 * checkedAction once a batch for each distinct stored action: a batch's jobs mostly carry the same
 * action, and checking its config (a zod parse) twice a job was a visible share of a job's CPU.
 */
function checkedOnce(): (stored: StoredAutomationAction) => WorkflowAction {
  const known = new Map<string, WorkflowAction>();
  return (stored) => {
    const key = `${stored.type}\0${JSON.stringify(stored.config)}`;
    let action = known.get(key);
    if (!action) {
      action = checkedAction(stored); // throws for a config that cannot run: not remembered
      known.set(key, action);
    }
    return action;
  };
}

/**
 * One statement ends every run of the batch (results, position, attempt + 1, `succeeded`) and, in
 * the same statement, inserts the rows its actions left to insert (decision 121): a batch of 50
 * create_todo jobs was 50 inserts and an update, now one round trip.
 */
async function finishAll(
  tx: Db,
  finished: Finished[],
  inserts: Map<PgTable, Record<string, unknown>[]>,
  now: Date,
): Promise<void> {
  if (finished.length === 0) return;
  const at = now.toISOString();
  // drizzle puts an embedded query in parentheses: `inserted_0 as (insert …)`.
  const writes = [...inserts].map(
    ([table, rows], index) => sql`${sql.raw(`inserted_${index}`)} as ${tx.insert(table).values(rows as never)}`,
  );
  const withInserts = writes.length > 0 ? sql`with ${sql.join(writes, sql`, `)} ` : sql``;
  await tx.execute(sql`${withInserts}
    update automation_executions e
       set status = 'succeeded', attempt = e.attempt + 1, error = null, resume_at = null,
           started_at = coalesce(e.started_at, ${at}::timestamptz), finished_at = ${at}::timestamptz,
           updated_at = ${at}::timestamptz, results = v.results, next_position = v.next
      from jsonb_to_recordset(${JSON.stringify(finished)}::jsonb) as v(id uuid, results jsonb, next int)
     where e.id = v.id`);
}
