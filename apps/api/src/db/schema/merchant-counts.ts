import { bigint, boolean, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { pipelineEnum } from './stages.ts';

/**
 * How many merchants there are per (pipeline, stage, assignee, deleted): the exact totals of the
 * unfiltered list views, kept by statement-level triggers on merchants (migration 0007; decision
 * 022). Derived data: the triggers write it, nothing else does, and it can be rebuilt from
 * merchants at any time (`refresh_merchant_counts()`).
 */
export const merchantCounts = pgTable(
  'merchant_counts',
  {
    pipeline: pipelineEnum('pipeline').notNull(),
    stageId: uuid('stage_id').notNull(),
    /** null: not assigned. */
    assignedUserId: uuid('assigned_user_id'),
    deleted: boolean('deleted').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('merchant_counts_key').on(t.pipeline, t.stageId, t.assignedUserId, t.deleted).nullsNotDistinct()],
);
