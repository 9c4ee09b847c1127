import type { ActionType } from '@boardwalk/shared/schemas/workflow-action';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import type { TestApp } from '../../test/harness.ts';
import { insertStageEnteredAutomation, type StageActionExtra } from './stage-entered.ts';

/**
 * A stage action inserted straight into the database (the routes have their own tests): an
 * automation row with trigger `stage_entered` (decision 089).
 */
export function insertStageAction(
  t: TestApp,
  stageId: string,
  type: ActionType,
  config: Record<string, unknown>,
  extra: StageActionExtra = {},
) {
  return insertStageEnteredAutomation(t.db, { stageId, type, config, ...extra });
}

/**
 * Stage actions' runs (origin `stage_action` in the one execution table, decision 078) in the shape
 * the stage-action history speaks of: the action's type and config, its result.
 */
export async function stageActionRuns(db: Db, where?: SQL) {
  const rows = await db
    .select()
    .from(automationExecutions)
    .where(and(eq(automationExecutions.origin, 'stage_action'), where));
  return rows.map((row) => ({
    ...row,
    actionType: row.actions[0]!.type as ActionType,
    actionConfig: row.actions[0]!.config,
    result: row.results[0]?.result ?? null,
  }));
}

export const executionsOf = (t: TestApp, merchantId: string) =>
  stageActionRuns(t.db, eq(automationExecutions.merchantId, merchantId));

/** pg-boss jobs of the workflow's queues that name one of these executions. */
export async function jobsFor(t: TestApp, executionIds: string[]) {
  if (executionIds.length === 0) return [];
  const result: unknown = await t.db.execute(
    sql`select id, state, data->>'executionId' as "executionId" from pgboss.job
        where name in ('workflow-automation', 'workflow-stage-action') and data->>'executionId' in ${sql.raw(`(${executionIds.map((id) => `'${id}'`).join(',')})`)}`,
  );
  return (result as { rows: { id: string; state: string; executionId: string }[] }).rows;
}

/**
 * The state of an execution's job once pg-boss has recorded it: it does so after the handler's
 * own transaction (which ended the run) commits, so on PostgreSQL a test can see the run ended
 * a moment before its job is.
 */
export async function jobStateOf(t: TestApp, executionId: string, state: string) {
  await vi.waitFor(async () => expect((await jobsFor(t, [executionId]))[0]?.state).toBe(state), {
    timeout: 10_000,
    interval: 50,
  });
}
