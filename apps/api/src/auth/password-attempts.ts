import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@boardwalk/shared';
import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { writeAudit } from '../lib/audit.ts';

export type UserRow = typeof users.$inferSelect;

/** A password check the account's counter has allowed; `attempt` is its 1-based number. */
export type ClaimedAttempt = { user: UserRow; attempt: number };

/**
 * Counts a password attempt against the account BEFORE the password is checked, in one
 * conditional UPDATE, so the counter holds under any concurrency: PostgreSQL
 * re-evaluates the WHERE on the updated row when two requests race, so only LOCKOUT_THRESHOLD
 * attempts ever get a row back until the lock has run out. An expired lock starts a new count.
 * Null means the account is locked (or the threshold is taken by attempts still in flight),
 * or no such account: the caller tells these apart only after the fact.
 */
export async function claimPasswordAttempt(db: Db, match: SQL, now: Date): Promise<ClaimedAttempt | null> {
  const expired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const [user] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${expired} then 1 else ${users.failedLogins} + 1 end`,
      lockedUntil: null,
    })
    .where(
      and(
        match,
        isNull(users.deletedAt),
        or(expired, and(isNull(users.lockedUntil), sql`${users.failedLogins} < ${LOCKOUT_THRESHOLD}`)),
      ),
    )
    .returning();
  return user ? { user, attempt: user.failedLogins } : null;
}

/**
 * A claimed attempt had the wrong password. The claim already counted it; the attempt that
 * took the last allowance locks the account (with its audit row, in one transaction).
 * Returns whether this failure locked it.
 */
export async function recordWrongPassword(
  db: Db,
  claim: ClaimedAttempt,
  context: { now: Date; ip: string | null; actorLabel: string },
): Promise<boolean> {
  if (claim.attempt < LOCKOUT_THRESHOLD) return false;
  const until = new Date(context.now.getTime() + LOCKOUT_MINUTES * 60_000);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.update(users).set({ lockedUntil: until }).where(eq(users.id, claim.user.id));
    await writeAudit(tx, {
      action: 'auth.lock_out',
      outcome: 'success',
      actorUserId: claim.user.id,
      actorLabel: context.actorLabel,
      subjectType: 'user',
      subjectId: claim.user.id,
      changes: { lockedUntil: until.toISOString(), failedLogins: claim.attempt },
      ip: context.ip,
    });
  });
  return true;
}

/**
 * The right password: the failure count starts again, unless the account got locked while
 * this check ran (a lock that was reached is never cleared by a success). Returns false then.
 */
export async function recordRightPassword(
  db: Db,
  userId: string,
  now: Date,
  extra: Partial<Pick<UserRow, 'lastLoginAt'>> = {},
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedLogins: 0, ...extra })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Gives back a claimed attempt that guessed nothing: the right password of a user with
 * two-factor sign-in, sent without the code (the sign-in form's first step). A lock already
 * reached stays; the count never goes below 0.
 */
export async function releasePasswordAttempt(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: sql`greatest(${users.failedLogins} - 1, 0)` })
    .where(and(eq(users.id, userId), isNull(users.lockedUntil)));
}

/** The id of the account (not deleted) that matches, if any: used only after a refused claim. */
export async function matchingAccount(db: Db, match: SQL): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(match, isNull(users.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/** Seconds until the lock of an existing account ends (for Retry-After), at least 1. */
export async function lockSecondsLeft(db: Db, match: SQL, now: Date): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(and(match, gt(users.lockedUntil, now)))
    .limit(1);
  const until = row?.lockedUntil?.getTime() ?? now.getTime() + LOCKOUT_MINUTES * 60_000;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}
