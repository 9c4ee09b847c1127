import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

export const agentAccounts = pgTable(
  'agent_accounts',
  {
    id: id(),
    name: text('name').notNull(),
    agentCode: text('agent_code').notNull(),
    companyId: uuid('company_id').references(() => companies.id),
    /** Optional link to the ROLE_AGENT user who signs in as this agent. */
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Residual share in percent. */
    splitPercent: numeric('split_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes').notNull().default(''),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // A deleted account frees its code and its user link.
    uniqueIndex('agent_accounts_code_unique')
      .on(sql`lower(${t.agentCode})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('agent_accounts_user_unique')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null and ${t.userId} is not null`),
    index('agent_accounts_company_idx').on(t.companyId),
  ],
);
