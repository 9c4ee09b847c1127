import { TEMPLATE_CHANNELS } from '@boardwalk/shared';
import { boolean, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const templateChannelEnum = pgEnum('template_channel', TEMPLATE_CHANNELS);

export const templates = pgTable('templates', {
  id: id(),
  name: text('name').notNull(),
  channel: templateChannelEnum('channel').notNull(),
  /** Liquid; required for email, '' for SMS. */
  subject: text('subject').notNull().default(''),
  /** Liquid with placeholders from the catalogue (templates/context.ts). */
  body: text('body').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps(),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
});
