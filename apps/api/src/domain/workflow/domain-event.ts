import type { Db } from '../../db/client.ts';
import type { domainEvents } from '../../db/schema/merchants.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import type { automations } from '../../db/schema/automations.ts';
import type { Trigger, TriggerType } from '@boardwalk/shared/schemas/automation';
import type { StageEnteredAction } from './stage-entered.ts';

type AutomationRow = typeof automations.$inferSelect;

export type DomainEvent = typeof domainEvents.$inferSelect;

/**
 * A consumer of the outbox: inside the dispatcher's transaction, records the work an event causes
 * (execution rows, idempotent by key) and sends their jobs with that transaction. The consumers
 * (automation-dispatch.ts, which also records the stage_entered runs through
 * stage-entered-dispatch.ts) depend on this type only; dispatcher.ts lists them, so no module
 * imports back the one that imports it.
 */
export type EventConsumer = (
  tx: Db,
  jobs: JobSender,
  event: DomainEvent,
  definitions?: WorkflowDefinitions,
) => Promise<number>;

/**
 * The workflow's definitions as one dispatcher transaction reads them (decision 101): a stage's
 * active actions and the active automations of a trigger type, each read once a batch. The
 * transaction's own view, so an edit committed during the batch counts from the next batch on.
 */
export type WorkflowDefinitions = {
  stageActions: (stageId: string) => Promise<StageEnteredAction[]>;
  automations: (type: TriggerType) => Promise<(AutomationRow & { parsed: Trigger })[]>;
};
