import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { automationExecutions } from '../../db/schema/automations.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import type { DomainEvent, WorkflowDefinitions } from './domain-event.ts';
import { depthOf, initialResults } from './execution-record.ts';
import { STAGE_ACTION_JOB } from './run-environment.ts';
import { STAGE_ACTION_NAME, stageActionsOf } from './stage-entered.ts';

/** The name a stage action's execution carries (the column is the automation's name). */
export const STAGE_ACTION_EXECUTION_NAME = STAGE_ACTION_NAME;

/** The stage a merchant entered by this event, if it entered one. */
export function enteredStageId(event: DomainEvent): string | null {
  const key =
    event.type === 'merchant.created' ? 'stageId' : event.type === 'merchant.stage_changed' ? 'toStageId' : null;
  const value = key ? event.payload[key] : null;
  return typeof value === 'string' ? value : null;
}

/**
 * The entered stage's `stage_entered` automations (decisions 078, 089): merchant.created /
 * merchant.stage_changed → one execution (origin `stage_action`, and one job on the stage actions'
 * queue) per active action of the entered stage, in position order. Each action keeps its own
 * execution, as before: one failing never holds back the others.
 */
export async function recordStageEnteredRuns(
  tx: Db,
  jobs: JobSender,
  event: DomainEvent,
  definitions?: WorkflowDefinitions,
): Promise<number> {
  const stageId = enteredStageId(event);
  if (!stageId) return 0;
  const actions = definitions
    ? await definitions.stageActions(stageId)
    : await stageActionsOf(tx, stageId, { activeOnly: true, tieBreak: 'id' });
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
}
