import { SCORECARD_STATUSES, type ScorecardRule, type ScorecardThresholds } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { pipelineEnum } from './stages.ts';
import { users } from './users.ts';

export const scorecardStatusEnum = pgEnum('scorecard_status', SCORECARD_STATUSES);

/**
 * The underwriting scorecard's versions (docs/decisions/103): a draft is edited, one version per
 * pipeline is active and read-only, activating retires the previous one, which stays readable.
 */
export const scorecards = pgTable(
  'scorecards',
  {
    id: id(),
    pipeline: pipelineEnum('pipeline').notNull(),
    version: integer('version').notNull(),
    status: scorecardStatusEnum('status').notNull().default('draft'),
    note: text('note').notNull().default(''),
    rules: jsonb('rules').$type<ScorecardRule[]>().notNull(),
    thresholds: jsonb('thresholds').$type<ScorecardThresholds>().notNull(),
    ...timestamps(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by'),
    activatedBy: uuid('activated_by').references(() => users.id),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('scorecards_pipeline_version_unique').on(t.pipeline, t.version),
    uniqueIndex('scorecards_one_active')
      .on(t.pipeline)
      .where(sql`${t.status} = 'active'`),
  ],
);
