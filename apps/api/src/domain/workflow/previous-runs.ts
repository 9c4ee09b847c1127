import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automationExecutions } from '../../db/schema/automations.ts';

type Execution = typeof automationExecutions.$inferSelect;

/** Successful earlier runs of the same automation (round robin's turn). */
export async function previousAutomationRuns(db: Db, execution: Pick<Execution, 'id' | 'automationId'>) {
  if (!execution.automationId) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(automationExecutions)
    .where(
      and(
        eq(automationExecutions.automationId, execution.automationId),
        eq(automationExecutions.status, 'succeeded'),
        ne(automationExecutions.id, execution.id),
      ),
    );
  return row?.n ?? 0;
}

/** Successful earlier runs of the same stage action (round robin's turn). */
export async function previousRuns(db: Db, execution: Pick<Execution, 'id' | 'stageActionId'>): Promise<number> {
  if (!execution.stageActionId) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(automationExecutions)
    .where(
      and(
        eq(automationExecutions.stageActionId, execution.stageActionId),
        eq(automationExecutions.status, 'succeeded'),
        ne(automationExecutions.id, execution.id),
      ),
    );
  return row?.n ?? 0;
}
