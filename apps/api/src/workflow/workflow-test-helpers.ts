import type { ActionType } from '@boardwalk/shared/schemas/workflow-action';
import { eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { stageActionExecutions, stageActions } from '../db/schema/workflow.ts';
import type { TestApp } from '../test/harness.ts';

/** A stage action inserted straight into the database (the routes have their own tests). */
export async function insertStageAction(
  t: TestApp,
  stageId: string,
  type: ActionType,
  config: Record<string, unknown>,
  extra: Partial<typeof stageActions.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(stageActions)
    .values({ stageId, type, config, ...extra })
    .returning();
  return row!;
}

export const executionsOf = (t: TestApp, merchantId: string) =>
  t.db.select().from(stageActionExecutions).where(eq(stageActionExecutions.merchantId, merchantId));

/** pg-boss jobs of the stage-action queue that name one of these executions. */
export async function jobsFor(t: TestApp, executionIds: string[]) {
  if (executionIds.length === 0) return [];
  const result: unknown = await t.db.execute(
    sql`select id, state, data->>'executionId' as "executionId" from pgboss.job
        where name = 'workflow-stage-action' and data->>'executionId' in ${sql.raw(`(${executionIds.map((id) => `'${id}'`).join(',')})`)}`,
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
