import { and, asc, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { automationExecutions } from '../../db/schema/automations.ts';
import { stageActions } from '../../db/schema/workflow.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import { depthOf, initialResults } from './automation-dispatch.ts';
import { STAGE_ACTION_JOB } from './run-environment.ts';
import type { DomainEvent, EventConsumer } from './domain-event.ts';

/** The name a stage action's execution carries (the column is the automation's name). */
export const STAGE_ACTION_EXECUTION_NAME = 'Stage action';

/** The stage a merchant entered by this event, if it entered one. */
function enteredStageId(event: DomainEvent): string | null {
  const key =
    event.type === 'merchant.created' ? 'stageId' : event.type === 'merchant.stage_changed' ? 'toStageId' : null;
  const value = key ? event.payload[key] : null;
  return typeof value === 'string' ? value : null;
}

/**
 * The stage's "entered stage" automation (decision 078): merchant.created / merchant.stage_changed →
 * one execution (and one job) per active action of the entered stage, in position order. Each
 * action keeps its own execution, as before: one failing never holds back the others.
 */
export const stageActionConsumer: EventConsumer = async (tx, jobs, event) => {
  const stageId = enteredStageId(event);
  if (!stageId) return 0;
  const actions = await tx
    .select()
    .from(stageActions)
    .where(and(eq(stageActions.stageId, stageId), eq(stageActions.isActive, true), isNull(stageActions.deletedAt)))
    .orderBy(asc(stageActions.position), asc(stageActions.id));
  if (actions.length === 0) return 0;
  const triggerType = event.type === 'merchant.created' ? ('merchant_created' as const) : ('stage_changed' as const);
  const inserted = await tx
    .insert(automationExecutions)
    .values(
      actions.map((action) => {
        const stored = [{ type: action.type, config: action.config }];
        return {
          origin: 'stage_action' as const,
          automationName: STAGE_ACTION_EXECUTION_NAME,
          stageActionId: action.id,
          stageId,
          merchantId: event.subjectId,
          domainEventId: event.id,
          triggerType,
          triggerKey: event.id,
          triggerData: { event: event.type, ...event.payload },
          depth: depthOf(event),
          idempotencyKey: `stage-action:${event.id}:${action.id}`,
          actions: stored,
          results: initialResults(stored),
          jobId: uuidv7(),
          createdAt: event.occurredAt,
          updatedAt: event.occurredAt,
        };
      }),
    )
    .onConflictDoNothing({ target: automationExecutions.idempotencyKey })
    .returning({ id: automationExecutions.id, jobId: automationExecutions.jobId });
  for (const row of inserted) {
    await jobs.send(STAGE_ACTION_JOB, { executionId: row.id }, { db: inTransaction(tx), id: row.jobId! });
  }
  return inserted.length;
};
