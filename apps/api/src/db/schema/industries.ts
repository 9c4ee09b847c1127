import { RISK_LEVELS } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { boolean, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const riskLevelEnum = pgEnum('risk_level', RISK_LEVELS);

export const industries = pgTable(
  'industries',
  {
    id: id(),
    name: text('name').notNull(),
    /** Merchant category code: 4 digits. */
    mcc: text('mcc').notNull(),
    riskLevel: riskLevelEnum('risk_level').notNull().default('low'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('industries_mcc_unique')
      .on(t.mcc)
      .where(sql`${t.deletedAt} is null`),
  ],
);
