import { SIGN_IN_ERROR_MESSAGES } from '@boardwalk/shared/schemas/user';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { Caller } from '../lib/http/caller.ts';
import { ProblemError } from '../lib/problem.ts';
import { verifyPassword } from './password.ts';
import {
  claimPasswordAttempt,
  lockSecondsLeft,
  recordRightPassword,
  recordWrongPassword,
} from './password-attempts.ts';

/**
 * What a signed-in user's re-entered password came to:
 * - `right`: it matched and the failure count starts again;
 * - `wrong`: it did not (counted);
 * - `wrong-and-locked`: it did not, and it was the attempt that locked the account;
 * - `locked`: not checked, the account is locked (or got locked while this one ran).
 */
export type CurrentPasswordVerdict = 'right' | 'wrong' | 'wrong-and-locked' | 'locked';

/**
 * The one check of a `currentPassword` (password change, settings step-up, and whatever asks
 * next). It is a guess like a sign-in: counted before it is checked, on the same counter and
 * lock as failed sign-ins, so a stolen session cannot try passwords through any of
 * them. Runs on `db` itself, never inside a caller's transaction: a rollback would undo the count.
 */
export async function verifyCurrentPassword(db: Db, caller: Caller, password: string): Promise<CurrentPasswordVerdict> {
  const { actor, now, ip } = caller;
  const claim = await claimPasswordAttempt(db, eq(users.id, actor.userId), now);
  if (!claim) return 'locked';
  if (!(await verifyPassword(claim.user.passwordHash, password))) {
    const locked = await recordWrongPassword(db, claim, { now, ip, actorLabel: claim.user.email });
    return locked ? 'wrong-and-locked' : 'wrong';
  }
  return (await recordRightPassword(db, actor.userId, now)) ? 'right' : 'locked';
}

/** The 429 for a locked account (the sign-in's wording), with Retry-After until the lock ends. */
export async function accountLockedProblem(db: Db, caller: Caller): Promise<ProblemError> {
  const seconds = await lockSecondsLeft(db, eq(users.id, caller.actor.userId), caller.now);
  return new ProblemError(429, SIGN_IN_ERROR_MESSAGES.locked, {
    code: 'rate_limited',
    headers: { 'Retry-After': String(seconds) },
  });
}
