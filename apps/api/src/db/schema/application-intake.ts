import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applicationRequests } from './application-requests.ts';
import { id, timestamps } from './columns.ts';
import { merchantOwners, merchants } from './merchants.ts';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CONFLICT_STATES = ['open', 'taken', 'kept'] as const;

/**
 * A merchant's answer that was not written into the record because staff changed the field after
 * the request was sent (docs/decisions/108). Staff settle it: take the merchant's value or keep
 * the record's. `theirs` holds the answer: `{ value }`, or for a sensitive value `{ enc, last4 }`
 * (sealed, never in clear); `ours` what the record showed then, masked where sensitive.
 */
export const applicationConflicts = pgTable(
  'application_conflicts',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** A merchant field (`taxId`), or an owner's (`owner.<owner id>.<field>`, `owner.<id>.removed`). */
    field: text('field').notNull(),
    ours: jsonb('ours').$type<{ shown: unknown }>().notNull(),
    theirs: jsonb('theirs').$type<{ shown: unknown; value?: unknown; enc?: string }>().notNull(),
    state: text('state', { enum: CONFLICT_STATES }).notNull().default('open'),
    settledBy: uuid('settled_by').references(() => users.id),
    settledAt: at('settled_at'),
    ...timestamps(),
  },
  (t) => [index('application_conflicts_merchant_idx').on(t.merchantId, t.createdAt)],
);

export const CHANGE_REQUEST_KINDS = ['field', 'document'] as const;

/** What staff asked the merchant to change, with the reason, each time they sent it back. */
export const applicationChangeRequests = pgTable(
  'application_change_requests',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    kind: text('kind', { enum: CHANGE_REQUEST_KINDS }).notNull(),
    /** A field name (`taxId`, `owners`), or a checklist item's key (`voided-check`). */
    itemKey: text('item_key').notNull(),
    reason: text('reason').notNull(),
    /** Set when the request is sent back again or closed: the reasons then shown are the open ones. */
    closedAt: at('closed_at'),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('application_change_requests_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * While a request is open (sent, opened, in progress, submitted) the merchant's stage SLA clock
 * stops: one row per open period. `ended_at` is set when it is signed or revoked; an expired one
 * ends at its request's expiry. A request sent back after signing opens a new period.
 */
export const applicationPauses = pgTable(
  'application_pauses',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
    ...timestamps(),
  },
  (t) => [
    index('application_pauses_merchant_idx').on(t.merchantId, t.startedAt),
    index('application_pauses_open_idx')
      .on(t.merchantId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * An owner the merchant added through the link, once the intake wrote it: the draft's key and the
 * record's owner. A second intake (signed again after a change was asked) updates that owner
 * instead of adding it twice.
 */
export const applicationOwnerKeys = pgTable(
  'application_owner_keys',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id),
    draftKey: text('draft_key').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => merchantOwners.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('application_owner_keys_idx').on(t.requestId, t.draftKey)],
);
