import { NOTIFICATION_KINDS } from '@boardwalk/shared/notification-kinds';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

/**
 * What a user is told (docs/decisions/109), written in the transaction of the event that causes
 * it, so nothing is lost while the user is away. `in_app` false: the user chose email only; the
 * row carries the email until it is queued (`email_state` pending → queued) and never shows in
 * the list. `dedupe_key` makes a repeated cause (the SLA check every minute, a retried job) write
 * nothing more for the same user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    link: text('link'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    inApp: boolean('in_app').notNull().default(true),
    emailState: text('email_state', { enum: ['pending', 'queued'] }),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_user_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.inApp}`),
    // The unread count every open tab polls: an index-only count of a few rows.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.inApp} AND ${t.readAt} IS NULL`),
    index('notifications_email_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.emailState} = 'pending'`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
    // The nightly retention job walks the oldest first (docs/decisions/117).
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** A user's choice per kind; a kind without a row follows NOTIFICATION_DEFAULTS. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
