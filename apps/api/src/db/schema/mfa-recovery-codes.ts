import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * One-time recovery codes of a user's two-factor sign-in: ten per confirmed enrolment, shown
 * once, stored as SHA-256 hashes (the codes are random, 50 bits each, so a slow hash adds
 * nothing; guessing is limited by the sign-in lock-out). A used code keeps its row, `usedAt` set.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);
