import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const settings = pgTable('settings', {
  id: id(),
  key: text('key').notNull().unique(),
  value: jsonb('value').notNull(),
  ...timestamps(),
  updatedBy: uuid('updated_by'),
});
