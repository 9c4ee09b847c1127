import { COMPANY_TYPES } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const companyTypeEnum = pgEnum('company_type', COMPANY_TYPES);

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    type: companyTypeEnum('type').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    website: text('website').notNull().default(''),
    address: text('address').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('companies_name_idx').on(sql`lower(${t.name})`)],
);
