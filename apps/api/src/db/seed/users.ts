import { randomBytes, randomInt } from 'node:crypto';
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD, type Role } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { serverPasswordSchema } from '../../auth/password-policy.ts';
import { createUserRecord } from '../../domain/users/user-create.service.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/users.ts';

export type DemoUser = { email: string; role: Role; firstName: string; lastName: string; phone: string };

/** One sign-in per role, then a few more people (a handful per role). */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'superadmin@example.com',
    role: 'ROLE_SUPERADMIN',
    firstName: 'Sofia',
    lastName: 'Ramirez',
    phone: '+1 415 555 0101',
  },
  { email: 'admin@example.com', role: 'ROLE_ADMIN', firstName: 'Marcus', lastName: 'Chen', phone: '+1 415 555 0102' },
  { email: 'staff@example.com', role: 'ROLE_STAFF', firstName: 'Priya', lastName: 'Patel', phone: '+1 415 555 0103' },
  { email: 'agent@example.com', role: 'ROLE_AGENT', firstName: 'Daniel', lastName: 'Okafor', phone: '+1 312 555 0104' },
  {
    email: 'emma.johansson@example.com',
    role: 'ROLE_STAFF',
    firstName: 'Emma',
    lastName: 'Johansson',
    phone: '+1 415 555 0105',
  },
  {
    email: 'liam.obrien@example.com',
    role: 'ROLE_STAFF',
    firstName: 'Liam',
    lastName: "O'Brien",
    phone: '+1 617 555 0106',
  },
  {
    email: 'olivia.nguyen@example.com',
    role: 'ROLE_SUPERADMIN',
    firstName: 'Olivia',
    lastName: 'Nguyen',
    phone: '+1 415 555 0108',
  },
  { email: 'noah.kim@example.com', role: 'ROLE_ADMIN', firstName: 'Noah', lastName: 'Kim', phone: '+1 206 555 0109' },
  {
    email: 'grace.mensah@example.com',
    role: 'ROLE_ADMIN',
    firstName: 'Grace',
    lastName: 'Mensah',
    phone: '+1 404 555 0110',
  },
  { email: 'ava.rossi@example.com', role: 'ROLE_AGENT', firstName: 'Ava', lastName: 'Rossi', phone: '+1 305 555 0111' },
  {
    email: 'hannah.schmidt@example.com',
    role: 'ROLE_AGENT',
    firstName: 'Hannah',
    lastName: 'Schmidt',
    phone: '+1 212 555 0107',
  },
];

/** The sign-ins printed at start: one per role. */
export const DEMO_SIGN_IN_EMAILS = DEMO_USERS.slice(0, 4).map((u) => u.email);

/** A random password that meets the policy: letters, digits, 20 characters. */
export function randomDemoPassword(): string {
  for (;;) {
    const candidate = `${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}-${randomInt(1000, 9999)}`;
    if (serverPasswordSchema().safeParse(candidate).success) return candidate;
  }
}

/**
 * The demo users, through the one user-creation path (policy, audit row as 'seed').
 * `passwordFromEnv`: DEMO_PASSWORD is the operator's choice and is used even when it fails the
 * policy; the start banner says so.
 */
/**
 * A person the demo shows locked out: too many failed sign-ins just before the first start, so
 * the lock lasts LOCKOUT_MINUTES from then (the user page's status card, and the accessibility
 * sweep, meet a lockout that is current, not one that ran out when the seed was written).
 */
export const DEMO_LOCKED_OUT_EMAIL = 'liam.obrien@example.com';

export async function seedDemoUsers(db: Db, password: string, now: Date, passwordFromEnv = false): Promise<void> {
  for (const user of DEMO_USERS) {
    await createUserRecord(
      db,
      { userId: null, label: 'seed', ip: null, now },
      { ...user, password },
      {
        acceptWeakPassword: passwordFromEnv,
      },
    );
  }
  await db
    .update(users)
    .set({ failedLogins: LOCKOUT_THRESHOLD, lockedUntil: new Date(now.getTime() + LOCKOUT_MINUTES * 60_000) })
    .where(eq(users.email, DEMO_LOCKED_OUT_EMAIL));
}
