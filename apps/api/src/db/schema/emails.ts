import {
  MESSAGE_CAUSE_TYPES,
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  MESSAGE_TRANSPORTS,
  OUTBOUND_FAILURE_REASONS,
} from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';
import { templates } from './templates.ts';

/**
 * Every email and SMS the portal sends (the emails table; decision 039). A row is
 * written `queued` in the transaction of what causes it, with the send job; the job renders it,
 * marks `sending_started_at` before it hands the message to the transport and records the outcome
 * after, so an attempt that died in between is seen (and not sent a second time).
 */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** Address (email) or number (SMS), resolved when the message is queued. */
    to: text('to').notNull(),
    cc: text('cc').notNull().default(''),
    subject: text('subject').notNull().default(''),
    html: text('html').notNull().default(''),
    text: text('text').notNull().default(''),
    /** A secret the body shows only as a mark, sealed (domain/messages/message-secret.ts); cleared once sent. */
    secretEnc: text('secret_enc'),
    /** The template rendered at send time; null for a message rendered by the portal itself (the digest). */
    templateId: uuid('template_id').references(() => templates.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    /** For a recipient named by role ('contact', 'agent', 'assignee'): which one it was. */
    recipient: jsonb('recipient').$type<unknown>().notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    transport: text('transport', { enum: MESSAGE_TRANSPORTS }),
    transportMessageId: text('transport_message_id'),
    /** Why it failed, in the portal's words: a mail server's own text is never stored (decision 073). */
    error: text('error'),
    /** A failed delivery's classified reason and short code (SMTP reply code, system error name). */
    failureReason: text('failure_reason', { enum: OUTBOUND_FAILURE_REASONS }),
    failureCode: text('failure_code'),
    attempts: integer('attempts').notNull().default(0),
    /** Set just before the transport is called, cleared when its answer is recorded. */
    sendingStartedAt: timestamp('sending_started_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    idempotencyKey: text('idempotency_key').notNull(),
    causeType: text('cause_type', { enum: MESSAGE_CAUSE_TYPES }).notNull(),
    causeId: text('cause_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('emails_idempotency_key_idx').on(t.idempotencyKey),
    index('emails_created_idx').on(t.createdAt, t.id),
    index('emails_status_created_idx').on(t.status, t.createdAt),
    index('emails_merchant_created_idx')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.merchantId} is not null`),
  ],
);
