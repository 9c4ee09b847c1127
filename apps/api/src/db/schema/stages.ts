import { PIPELINES } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/** A pg enum so that ORDER BY pipeline follows the PIPELINES order. */
export const pipelineEnum = pgEnum('pipeline', PIPELINES);

export const stages = pgTable(
  'stages',
  {
    id: id(),
    name: text('name').notNull(),
    pipeline: pipelineEnum('pipeline').notNull(),
    position: integer('position').notNull().default(0),
    color: text('color').notNull().default('#9155fd'),
    isActive: boolean('is_active').notNull().default(true),
    /** The entry stage of new merchants: exactly one, active, in sales. */
    isDefault: boolean('is_default').notNull().default(false),
    slaHours: integer('sla_hours'),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('stages_pipeline_name_unique')
      .on(t.pipeline, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // At most one default; the service keeps it at exactly one.
    uniqueIndex('stages_single_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault} and ${t.deletedAt} is null`),
    check(
      'stages_default_in_sales',
      sql`not ${t.isDefault} or (${t.pipeline} = 'sales' and ${t.isActive} and ${t.deletedAt} is null)`,
    ),
    index('stages_pipeline_position_idx').on(t.pipeline, t.position),
  ],
);
