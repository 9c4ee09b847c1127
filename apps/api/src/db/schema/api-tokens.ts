import type { TokenScopes } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * API tokens (docs/decisions/033-api-tokens-and-scopes.md). Only the sha-256 of the
 * secret is kept; `prefix` is its visible start. A rotation makes a new row (`rotated_from_id`)
 * and gives the old one a `grace_ends_at`, after which it no longer works.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** Hex sha-256 of the whole secret. */
    tokenHash: text('token_hash').notNull(),
    scopes: jsonb('scopes').$type<TokenScopes>().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: uuid('revoked_by'),
    rotatedFromId: uuid('rotated_from_id'),
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_created_by_idx').on(t.createdBy)],
);

/**
 * The API usage log: one row per API request, written in batches (lib/usage-log.ts). A bigint
 * identity rather than uuid v7: the rows are many and small, and only ever ordered by time.
 */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    tokenId: uuid('token_id'),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: smallint('status').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('api_requests_at_idx').on(t.at),
    index('api_requests_token_at_idx')
      .on(t.tokenId, t.at)
      .where(sql`${t.tokenId} is not null`),
    index('api_requests_user_at_idx').on(t.userId, t.at),
  ],
);

/**
 * Fixed-window counters shared by every API process on one database (docs/decisions/034):
 * `token:<id>`, `signin:<ip>`, `signin-email:<email>`, `client-log:<ip>`. One row per key,
 * updated by one atomic upsert per request.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_counters_window_end_idx').on(t.windowEnd)],
);
