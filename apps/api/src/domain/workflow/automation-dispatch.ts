import { triggerSchema, type Condition, type Trigger, type TriggerType } from '@boardwalk/shared/schemas/automation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { automationExecutions, automations } from '../../db/schema/automations.ts';
import { merchantEvents } from '../../db/schema/merchants.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { conditionsHold, loadMerchantFacts, type MerchantFacts } from './automation-conditions.ts';
import type { DomainEvent, EventConsumer, WorkflowDefinitions } from './domain-event.ts';
import { depthOf, initialResults } from './execution-record.ts';
import { AUTOMATION_JOB } from './run-environment.ts';
import { recordStageEnteredRuns } from './stage-entered-dispatch.ts';
import { stageActionsOf } from './stage-entered.ts';

export { AUTOMATION_JOB, depthOf, initialResults };

/**
 * How many automation-made changes may lead to one another (decision 042): an event at this depth
 * no longer runs automations; their executions are recorded `stopped` with the reason.
 */
export const MAX_CHAIN_DEPTH = 5;
export const DEPTH_LIMIT_REASON = `Stopped: the chain depth limit (${MAX_CHAIN_DEPTH}) was reached — automations kept changing the merchant and triggering each other`;

export type AutomationRow = typeof automations.$inferSelect;

/** What started a run (the execution's trigger event). */
export type TriggerEvent = {
  type: TriggerType;
  /** Unique per automation: the domain event id, `interval:<id>`, `schedule:<minute>:<merchant>`. */
  key: string;
  domainEventId: string | null;
  depth: number;
  data: Record<string, unknown>;
};

/**
 * Records one run of an automation for a merchant (idempotent on automation + trigger key) and, in
 * the same transaction `tx`, sends its job; at the depth limit the run is recorded `stopped`
 * instead, with a timeline entry. Returns the execution id, or null when it was recorded before.
 */
export async function recordAutomationRun(
  tx: Db,
  jobs: JobSender,
  automation: AutomationRow,
  merchantId: string,
  event: TriggerEvent,
  now: Date,
): Promise<string | null> {
  const stopped = event.depth >= MAX_CHAIN_DEPTH;
  const jobId = stopped ? null : uuidv7();
  const [row] = await tx
    .insert(automationExecutions)
    .values({
      automationId: automation.id,
      automationName: automation.name,
      merchantId,
      domainEventId: event.domainEventId,
      triggerType: event.type,
      triggerKey: event.key,
      triggerData: event.data,
      depth: event.depth,
      idempotencyKey: `${automation.id}:${event.key}`,
      actions: automation.actions,
      results: initialResults(automation.actions),
      status: stopped ? 'stopped' : 'queued',
      error: stopped ? DEPTH_LIMIT_REASON : null,
      finishedAt: stopped ? now : null,
      jobId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: automationExecutions.idempotencyKey })
    .returning({ id: automationExecutions.id });
  if (!row) return null;
  await tx
    .update(automations)
    .set({ lastRunAt: now, runCount: sql`${automations.runCount} + 1` })
    .where(eq(automations.id, automation.id));
  if (stopped) {
    await writeAutomationTimeline(tx, merchantId, automation.name, row.id, 'stopped', now);
  } else {
    await jobs.send(AUTOMATION_JOB, { executionId: row.id }, { db: inTransaction(tx), id: jobId! });
  }
  return row.id;
}

/** The merchant timeline's `automation` entry of a run that ended (or was stopped). */
export async function writeAutomationTimeline(
  tx: Db,
  merchantId: string,
  automationName: string,
  executionId: string,
  outcome: string,
  now: Date,
): Promise<void> {
  await tx.insert(merchantEvents).values({
    merchantId,
    type: 'automation',
    actorUserId: null,
    data: { summary: `Automation “${automationName}” ${outcome}`, executionId },
    at: now,
  });
}

/** The active automations of one trigger type, their trigger parsed (a row that no longer parses is left out). */
export async function activeAutomations(db: Db, type: TriggerType): Promise<(AutomationRow & { parsed: Trigger })[]> {
  const rows = await db
    .select()
    .from(automations)
    .where(and(eq(automations.triggerType, type), eq(automations.isActive, true), isNull(automations.deletedAt)));
  return rows.flatMap((row) => {
    const parsed = triggerSchema.safeParse(row.trigger);
    return parsed.success ? [{ ...row, parsed: parsed.data }] : [];
  });
}

const TRIGGER_OF_EVENT: Record<string, TriggerType> = {
  'merchant.created': 'merchant_created',
  'merchant.stage_changed': 'stage_changed',
  'merchant.updated': 'fields_updated',
  'application.submitted': 'application_submitted',
  'application.signed': 'application_signed',
};

/** Whether the event is what the trigger watches (from/to stage, the changed fields). */
export function triggerMatches(trigger: Trigger, event: DomainEvent): boolean {
  const p = event.payload;
  switch (trigger.type) {
    case 'merchant_created':
    case 'application_submitted':
    case 'application_signed':
      return true;
    case 'stage_changed':
      return (
        (trigger.fromStageId == null || trigger.fromStageId === p.fromStageId) &&
        (trigger.toStageId == null || trigger.toStageId === p.toStageId)
      );
    case 'fields_updated': {
      const changed = Array.isArray(p.fields) ? (p.fields as unknown[]) : [];
      return trigger.fields.some((f) => changed.includes(f));
    }
    case 'time_in_stage':
    case 'schedule':
      return false; // run by their cron jobs, never by an event
  }
}

/**
 * The one consumer of the workflow (decision 089): merchant.created / merchant.stage_changed first
 * record the entered stage's `stage_entered` automations (a stage's own actions, one run each), then
 * merchant.created / merchant.stage_changed / merchant.updated record one execution (and its job,
 * in the dispatcher's transaction) per active automation whose trigger matches and whose
 * conditions hold.
 */
export const automationConsumer: EventConsumer = async (tx, jobs, event, definitions) => {
  let recorded = await recordStageEnteredRuns(tx, jobs, event, definitions);
  const type = TRIGGER_OF_EVENT[event.type];
  if (!type) return recorded;
  const active = definitions ? await definitions.automations(type) : await activeAutomations(tx, type);
  const candidates = active.filter((a) => triggerMatches(a.parsed, event));
  if (candidates.length === 0) return recorded;
  const facts: MerchantFacts | null = await loadMerchantFacts(tx, event.subjectId);
  if (!facts) return recorded;
  for (const automation of candidates) {
    if (!conditionsHold(automation.conditions as Condition[], facts)) continue;
    const id = await recordAutomationRun(
      tx,
      jobs,
      automation,
      event.subjectId,
      {
        type,
        key: event.id,
        domainEventId: event.id,
        depth: depthOf(event),
        data: { event: event.type, ...event.payload },
      },
      event.occurredAt,
    );
    if (id) recorded += 1;
  }
  return recorded;
};

/**
 * A dispatcher batch's definitions (decision 101): each stage's active actions and each trigger
 * type's active automations read once in `tx`, then kept for the batch's other events.
 */
export function batchDefinitions(tx: Db): WorkflowDefinitions {
  const stages = new Map<string, ReturnType<WorkflowDefinitions['stageActions']>>();
  const types = new Map<TriggerType, ReturnType<WorkflowDefinitions['automations']>>();
  return {
    stageActions: (stageId) => {
      if (!stages.has(stageId)) stages.set(stageId, stageActionsOf(tx, stageId, { activeOnly: true, tieBreak: 'id' }));
      return stages.get(stageId)!;
    },
    automations: (type) => {
      if (!types.has(type)) types.set(type, activeAutomations(tx, type));
      return types.get(type)!;
    },
  };
}
