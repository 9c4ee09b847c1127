import { ASSIGNMENT_METHODS } from '@boardwalk/shared/assignment-methods';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { riskLevelEnum } from './industries.ts';
import { pipelineEnum, stages } from './stages.ts';
import { users } from './users.ts';

/**
 * Who receives a merchant entering a pipeline or a stage (docs/decisions/104). `cursor` is the
 * rule's state: the position in `user_ids` the next round starts from. Rule application locks the
 * row (SELECT … FOR UPDATE) so concurrent stage entries take turns.
 */
export const assignmentRules = pgTable(
  'assignment_rules',
  {
    id: id(),
    name: text('name').notNull(),
    pipeline: pipelineEnum('pipeline'),
    stageId: uuid('stage_id').references(() => stages.id, { onDelete: 'cascade' }),
    userIds: uuid('user_ids').array().notNull(),
    method: text('method', { enum: ASSIGNMENT_METHODS }).notNull(),
    capacity: integer('capacity'),
    riskLevels: riskLevelEnum('risk_levels')
      .array()
      .notNull()
      .default(sql`'{}'`),
    isActive: boolean('is_active').notNull().default(true),
    cursor: integer('cursor').notNull().default(0),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    check('assignment_rules_one_scope', sql`(${t.pipeline} is null) <> (${t.stageId} is null)`),
    check('assignment_rules_method', sql`${t.method} in ('round_robin', 'fewest_open')`),
    index('assignment_rules_stage_idx').on(t.stageId),
    index('assignment_rules_pipeline_idx').on(t.pipeline),
  ],
);

/** Days (inclusive) a user set for themselves on which no rule hands them a merchant. */
export const userAwayPeriods = pgTable(
  'user_away_periods',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('user_away_periods_order', sql`${t.endsOn} >= ${t.startsOn}`),
    index('user_away_periods_user_idx').on(t.userId, t.endsOn),
  ],
);
