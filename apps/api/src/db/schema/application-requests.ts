import { APPLICATION_STATES, APPLICATION_STEPS } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { merchantDocuments, merchants } from './merchants.ts';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A merchant-facing application link (docs/decisions/097). The token is never stored: it is
 * derived from the request's id and `token_version` with the server's secret, and only its
 * SHA-256 is kept, so a database copy opens nothing. The one-time code is stored hashed too,
 * with its failure count and lock, counted like password attempts.
 */
export const applicationRequests = pgTable(
  'application_requests',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    state: text('state', { enum: APPLICATION_STATES }).notNull().default('sent'),
    asks: jsonb('asks').$type<(typeof APPLICATION_STEPS)[number][]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenVersion: integer('token_version').notNull().default(1),
    /** The contact address the link and codes went to when the request was sent. */
    sentTo: text('sent_to').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastSentAt: at('last_sent_at').notNull(),
    openedAt: at('opened_at'),
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id),
    codeHash: text('code_hash'),
    codeExpiresAt: at('code_expires_at'),
    codeSentAt: at('code_sent_at'),
    failedCodes: integer('failed_codes').notNull().default(0),
    codeLockedUntil: at('code_locked_until'),
    /** The merchant's answers so far, per step, not yet in the record. */
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_requests_token_hash_idx').on(t.tokenHash),
    index('application_requests_merchant_idx').on(t.merchantId, t.createdAt),
    // One live request per merchant: a second is refused until the first is revoked or closed.
    uniqueIndex('application_requests_live_idx')
      .on(t.merchantId)
      .where(sql`${t.state} in ('sent', 'opened', 'in_progress')`),
  ],
);

/** A device that entered the right code: its cookie's secret, hashed, resumes for a day. */
export const applicationDevices = pgTable(
  'application_devices',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    secretHash: text('secret_hash').notNull(),
    /** Set when the device verified a signer's own link (docs/decisions/107): it reaches that signer only. */
    signerId: uuid('signer_id'),
    expiresAt: at('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_devices_secret_idx').on(t.secretHash),
    index('application_devices_request_idx').on(t.requestId),
  ],
);

/**
 * A merchant document the merchant uploaded through the link, and the checklist item it is for
 * (docs/decisions/102). The merchant's page lists documents through this table only, so what
 * staff uploaded is never among them.
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => merchantDocuments.id),
    itemKey: text('item_key').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_documents_document_idx').on(t.documentId),
    index('application_documents_merchant_idx').on(t.merchantId, t.itemKey),
  ],
);
