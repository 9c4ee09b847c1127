import type { ActionType } from '@boardwalk/shared/schemas/workflow-action';
import { eq, sql } from 'drizzle-orm';
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
