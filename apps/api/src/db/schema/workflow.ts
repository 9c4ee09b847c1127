import { ACTION_TYPES } from '@boardwalk/shared/schemas/workflow-action';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { stages } from './stages.ts';

export const workflowActionTypeEnum = pgEnum('workflow_action_type', ACTION_TYPES);

/**
 * What runs when a merchant enters a stage (decisions 037, 078), in position order. Each run is an automation execution with
 * origin `stage_action` (db/schema/automations.ts), run by the one workflow run loop. `config`
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
