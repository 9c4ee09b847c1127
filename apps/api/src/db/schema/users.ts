import { ROLES, USER_STATUSES } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const roleEnum = pgEnum('role', ROLES);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    phone: text('phone'),
    image: text('image'),
    status: userStatusEnum('status').notNull().default('active'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * TOTP secret (base32), AES-256-GCM encrypted (lib/crypto.ts). Set by enrolment start; it
     * counts only once `mfaEnabledAt` is set by a confirmed code. See docs/decisions/015.
     */
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last TOTP time step accepted: a code of that step or an earlier one is a replay. */
    mfaLastStep: integer('mfa_last_step'),
    uiSettings: jsonb('ui_settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  // Unique among live users only: a soft-deleted user's email may be given to a new account.
  (t) => [
    uniqueIndex('users_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);
