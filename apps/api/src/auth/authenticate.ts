import { CredentialsSignin } from '@auth/core/errors';
import { LOCKOUT_THRESHOLD, type Role } from '@boardwalk/shared';
import { normaliseMfaCode } from '@boardwalk/shared/schemas/mfa';
import type { SignInErrorCode } from '@boardwalk/shared/schemas/user';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { writeAudit } from '../lib/audit.ts';
import { useSecondFactor } from './mfa.ts';
import { verifyDummyPassword, verifyPassword } from './password.ts';
import {
  claimPasswordAttempt,
  matchingAccount,
  recordRightPassword,
  recordWrongPassword,
  releasePasswordAttempt,
  type UserRow,
} from './password-attempts.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { createSession } from './session-store.ts';

/** A failed sign-in; Auth.js puts `code` into the returned URL (`error=CredentialsSignin&code=…`). */
export class SignInFailure extends CredentialsSignin {
  constructor(code: SignInErrorCode) {
    super(code);
    this.code = code;
  }
}

export type SignInContext = {
  db: Db;
  now: Date;
  ip: string | null;
  userAgent: string | null;
  /** Decrypts TOTP secrets (deps.secrets.encryptionKey). */
  encryptionKey: string;
  /** Failed sign-ins per client IP. */
  limiter: RateLimiter;
  /**
   * Failed sign-ins per email that matches no account, with the lock-out's threshold and
   * window, so an unknown email is "locked" exactly when a known one would be.
   */
  unknownEmails: RateLimiter;
  /** Told the seconds to wait when the IP limit refuses the attempt (for Retry-After). */
  onRateLimited?: (retryAfterSeconds: number) => void;
};

export type SignedInUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  sessionId: string;
};

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(256),
  /** The second factor; an empty field counts as absent, a malformed one as a wrong code. */
  code: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).transform(normaliseMfaCode).optional()),
});

/**
 * Checks email + password and opens a session row. Every limit is counted BEFORE the password
 * is checked, so concurrent attempts cannot all pass a check that is counted later:
 * the IP allowance in one upsert of the shared counter store, the account's in one conditional UPDATE. Only with the
 * right password is suspension revealed. Every outcome is audited.
 *
 * A user with two-factor sign-in on needs `code` too (docs/decisions/015-mfa-sign-in.md):
 * without one, the right password answers `mfa_required` and its attempt is given back (it
 * guessed nothing); a wrong code is a failed attempt on the same counter as a wrong password,
 * so codes are guessed at most LOCKOUT_THRESHOLD times per lock-out window.
 */
export async function authenticate(input: unknown, ctx: SignInContext): Promise<SignedInUser> {
  const { db, now, ip } = ctx;
  const ipKey = ip ?? 'unknown';
  const parsed = credentialsSchema.safeParse(input);
  const typed = (input as { email?: unknown } | null)?.email;
  const email = parsed.success ? parsed.data.email : typeof typed === 'string' ? typed.slice(0, 254) : '';
  const fail = async (code: SignInErrorCode, userId: string | null) => {
    await writeAudit(db, {
      action: 'auth.sign_in',
      outcome: 'failure',
      actorUserId: userId,
      actorLabel: email || null,
      subjectType: 'user',
      subjectId: userId,
      changes: { reason: code },
      ip,
    });
    return new SignInFailure(code);
  };

  // The check and the count are one atomic statement in the shared store (auth/rate-limiter.ts).
  const ipVerdict = await ctx.limiter.consume(ipKey);
  if (ipVerdict.limited) {
    ctx.onRateLimited?.(ipVerdict.retryAfterSeconds);
    throw await fail('rate_limited', null);
  }
  if (!parsed.success) throw await fail('invalid_credentials', null);

  const match = eq(sql`lower(${users.email})`, email);
  const claim = await claimPasswordAttempt(db, match, now);
  if (!claim) {
    const lockedId = await matchingAccount(db, match);
    if (lockedId) throw await fail('locked', lockedId);
    throw await fail(await unknownEmailAttempt(ctx, email, parsed.data.password), null);
  }
  const { user } = claim;
  if (!(await verifyPassword(user.passwordHash, parsed.data.password))) {
    const locked = await recordWrongPassword(db, claim, { now, ip, actorLabel: email });
    throw await fail(locked ? 'locked' : 'invalid_credentials', user.id);
  }
  if (user.status !== 'active') {
    if (!(await recordRightPassword(db, user.id, now))) throw await fail('locked', user.id);
    await ctx.limiter.release(ipKey);
    throw await fail('suspended', user.id);
  }
  let secondFactor: 'totp' | 'recovery_code' | null = null;
  if (user.mfaEnabledAt) {
    const { code } = parsed.data;
    if (code === undefined) {
      await releasePasswordAttempt(db, user.id);
      await ctx.limiter.release(ipKey);
      throw await fail('mfa_required', user.id);
    }
    secondFactor = await useSecondFactor(db, user, code, { now, encryptionKey: ctx.encryptionKey });
    if (!secondFactor) {
      const locked = await recordWrongPassword(db, claim, { now, ip, actorLabel: email });
      throw await fail(locked ? 'locked' : 'invalid_code', user.id);
    }
  }
  const sessionId = await openSession(ctx, user, secondFactor);
  if (!sessionId) throw await fail('locked', user.id);
  await ctx.limiter.release(ipKey); // the IP allowance counts failures only
  return {
    id: user.id,
    email: user.email,
    name: user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email,
    image: user.image,
    role: user.role,
    sessionId,
  };
}

/**
 * An email with no account: the same work as a wrong password (one argon2 check) and the same
 * answers (the threshold-th failure and those after it say `locked`, with no check), so
 * neither the answer nor its timing tells whether the account exists.
 */
async function unknownEmailAttempt(ctx: SignInContext, email: string, password: string): Promise<SignInErrorCode> {
  const verdict = await ctx.unknownEmails.consume(email);
  if (verdict.limited) return 'locked';
  await verifyDummyPassword(password);
  return verdict.count >= LOCKOUT_THRESHOLD ? 'locked' : 'invalid_credentials';
}

/**
 * The count restarts, the session row opens and the success is audited, in one transaction;
 * null (nothing written) when the account got locked while the password was being checked.
 */
async function openSession(
  ctx: SignInContext,
  user: UserRow,
  secondFactor: 'totp' | 'recovery_code' | null,
): Promise<string | null> {
  const { now, ip } = ctx;
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (!(await recordRightPassword(tx, user.id, now, { lastLoginAt: now }))) return null;
    const session = await createSession(tx, { userId: user.id, now, ip, userAgent: ctx.userAgent });
    await writeAudit(tx, {
      action: 'auth.sign_in',
      outcome: 'success',
      actorUserId: user.id,
      actorLabel: user.email,
      subjectType: 'user',
      subjectId: user.id,
      changes: secondFactor ? { sessionId: session.id, secondFactor } : { sessionId: session.id },
      ip,
    });
    return session.id;
  });
}
