import { ACTION_TYPES, EXECUTION_STATUSES } from '@boardwalk/shared/schemas/workflow-action';
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

export const workflowActionTypeEnum = pgEnum('workflow_action_type', ACTION_TYPES);
export const executionStatusEnum = pgEnum('execution_status', EXECUTION_STATUSES);

/**
 * What runs when a merchant enters a stage (decision 037), in position order. `config`
 * follows the type's shared schema as stored: a webhook keeps `secretEncrypted` (AES-256-GCM with
 * the app's key), never the clear secret. Deleting is soft: executions still point at the row.
 */
export const stageActions = pgTable(
  'stage_actions',
  {
    id: id(),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id),
    position: integer('position').notNull().default(0),
    type: workflowActionTypeEnum('type').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('stage_actions_stage_idx')
      .on(t.stageId, t.position)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * One run of one stage action for one merchant entry. The idempotency key (domain
 * event id + action id) makes dispatching an event twice insert nothing the second time. The type
 * and config are copied from the action when the run is queued: the run does, and the history shows,
 * what the action said then, whatever is edited or deleted later.
 */
export const stageActionExecutions = pgTable(
  'stage_action_executions',
  {
    id: id(),
    stageActionId: uuid('stage_action_id').references(() => stageActions.id, { onDelete: 'set null' }),
    stageId: uuid('stage_id').references(() => stages.id, { onDelete: 'set null' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    domainEventId: uuid('domain_event_id').references(() => domainEvents.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    actionType: workflowActionTypeEnum('action_type').notNull(),
    actionConfig: jsonb('action_config').$type<Record<string, unknown>>().notNull(),
    position: integer('position').notNull().default(0),
    status: executionStatusEnum('status').notNull().default('queued'),
    /** Attempts started so far (0 while queued for the first time). */
    attempt: integer('attempt').notNull().default(0),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The pg-boss job of the latest (re)queue. */
    jobId: uuid('job_id'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('stage_action_executions_idempotency_key').on(t.idempotencyKey),
    index('stage_action_executions_created_idx').on(t.createdAt, t.id),
    index('stage_action_executions_merchant_idx').on(t.merchantId, t.createdAt),
    index('stage_action_executions_status_idx').on(t.status, t.createdAt),
    index('stage_action_executions_action_idx').on(t.stageActionId, t.status),
  ],
);
