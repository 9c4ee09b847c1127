import {
  AUTOMATION_EXECUTION_STATUSES,
  STORED_TRIGGER_TYPES,
  type TriggerType,
} from '@boardwalk/shared/schemas/automation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { domainEvents, merchants } from './merchants.ts';
import { stages } from './stages.ts';

export const automationTriggerTypeEnum = pgEnum('automation_trigger_type', STORED_TRIGGER_TYPES);
export const automationExecutionStatusEnum = pgEnum('automation_execution_status', AUTOMATION_EXECUTION_STATUSES);

/** An action of an automation as stored: its type and config (a webhook's secret encrypted, decision 037). */
export type StoredAutomationAction = { type: string; config: Record<string, unknown> };

/**
 * Automations (decision 042): a trigger (its type also a column, for the
 * dispatcher's lookup), conditions and ordered actions. `lastRunAt` and `runCount` follow the
 * executions the dispatcher records. Deleting is soft: executions keep pointing at the row.
 *
 * A stage's action (decision 089) is a row with trigger `stage_entered` ({ type, stageId }), its
 * stage also in `stageId` (the lookup when a merchant enters it, and a real reference), its one
 * action in `actions`, and its place among the stage's actions in `position`; it keeps the id the
 * stage-action routes answer with. The automation routes leave those rows out.
 */
export const automations = pgTable(
  'automations',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    triggerType: automationTriggerTypeEnum('trigger_type').notNull(),
    trigger: jsonb('trigger').$type<Record<string, unknown>>().notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown>[]>().notNull().default([]),
    actions: jsonb('actions').$type<StoredAutomationAction[]>().notNull().default([]),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    runCount: integer('run_count').notNull().default(0),
    /** Trigger `stage_entered` only: the stage, and the action's place in the stage's order. */
    stageId: uuid('stage_id').references(() => stages.id),
    position: integer('position').notNull().default(0),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('automations_trigger_idx')
      .on(t.triggerType)
      .where(sql`${t.deletedAt} is null and ${t.isActive}`),
    index('automations_stage_idx')
      .on(t.stageId, t.position)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Where an execution comes from (decision 078): an automation, or a stage's action when a merchant
 * entered the stage (its "entered stage" trigger). Both run in the one run loop; each history page
 * is a view over its origin.
 */
export const EXECUTION_ORIGINS = ['automation', 'stage_action'] as const;
export type ExecutionOrigin = (typeof EXECUTION_ORIGINS)[number];

/** One action's outcome in an execution, in action order. */
export type StoredActionResult = {
  position: number;
  type: string;
  summary: string;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  result: Record<string, unknown> | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};

/**
 * One run of one automation for one merchant and trigger event. The idempotency
 * key is the automation id + the trigger event's key (the domain event id; `interval:<stage
 * interval id>` for time in stage, so each stage entry fires at most once; `schedule:<minute>:<merchant>`):
 * recording it twice inserts nothing. The actions are copied when the run is recorded: it does, and
 * the history shows, what the automation said then. `nextPosition` is where the run goes on (after a wait).
 * A stage action's run (origin `stage_action`) holds that one action, keyed `stage-action:<event>:<action>`.
 */
export const automationExecutions = pgTable(
  'automation_executions',
  {
    id: id(),
    automationId: uuid('automation_id').references(() => automations.id, { onDelete: 'set null' }),
    origin: text('origin').$type<ExecutionOrigin>().notNull().default('automation'),
    automationName: text('automation_name').notNull(),
    /**
     * Origin `stage_action`: the stage's action (an automation row with trigger `stage_entered`,
     * decision 089; null once hard-deleted) and the stage entered.
     */
    stageActionId: uuid('stage_action_id').references(() => automations.id, { onDelete: 'set null' }),
    stageId: uuid('stage_id').references(() => stages.id, { onDelete: 'set null' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    domainEventId: uuid('domain_event_id').references(() => domainEvents.id, { onDelete: 'set null' }),
    /** The event's trigger type: a stage action's run says merchant_created or stage_changed. */
    triggerType: automationTriggerTypeEnum('trigger_type').$type<TriggerType>().notNull(),
    triggerKey: text('trigger_key').notNull(),
    triggerData: jsonb('trigger_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Chain depth of the event that caused the run (0: a person's change). */
    depth: integer('depth').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    actions: jsonb('actions').$type<StoredAutomationAction[]>().notNull(),
    results: jsonb('results').$type<StoredActionResult[]>().notNull().default([]),
    nextPosition: integer('next_position').notNull().default(0),
    status: automationExecutionStatusEnum('status').notNull().default('queued'),
    /** Attempts started so far at the current position (0 while queued for the first time). */
    attempt: integer('attempt').notNull().default(0),
    error: text('error'),
    /** The pg-boss job of the latest (re)queue. */
    jobId: uuid('job_id'),
    resumeAt: timestamp('resume_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('automation_executions_idempotency_key').on(t.idempotencyKey),
    index('automation_executions_created_idx').on(t.origin, t.createdAt, t.id),
    index('automation_executions_stage_action_idx').on(t.stageActionId, t.status),
    index('automation_executions_automation_idx').on(t.automationId, t.createdAt),
    index('automation_executions_merchant_idx').on(t.merchantId, t.createdAt),
    index('automation_executions_status_idx').on(t.status, t.createdAt),
  ],
);
