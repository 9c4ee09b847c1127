import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The last 5 password hashes of each user, the current one included (PCI DSS 8.3.7: none of
 * them may be chosen again). Rows are written by the `users_password_history` trigger of
 * migration 0003 on every insert or password change, in the writing transaction, so no path
 * (API, CLI, seed) can skip it; the trigger also prunes to 5.
 */
export const PASSWORD_HISTORY_DEPTH = 5;

export const passwordHistory = pgTable(
  'password_history',
  {
    // Identity, not uuid v7: the trigger inserts in SQL, and ids order the history.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.id)],
);
