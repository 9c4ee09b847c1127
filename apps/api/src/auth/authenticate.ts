import { CredentialsSignin } from '@auth/core/errors';
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD, type Role } from '@boardwalk/shared';
import type { SignInErrorCode } from '@boardwalk/shared/schemas/user';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { writeAudit } from '../lib/audit.ts';
import { verifyDummyPassword, verifyPassword } from './password.ts';
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
  limiter: RateLimiter;
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
});

/**
 * Checks email + password and opens a session row. Order matters: the IP limit first (cheap,
 * stops floods), then lock-out, then the password, and only with the right password is
 * suspension revealed. Every outcome is audited.
 */
export async function authenticate(input: unknown, ctx: SignInContext): Promise<SignedInUser> {
  const { db, now, ip } = ctx;
  const ipKey = ip ?? 'unknown';
  const parsed = credentialsSchema.safeParse(input);
  const typed = (input as { email?: unknown } | null)?.email;
  const email = parsed.success ? parsed.data.email : typeof typed === 'string' ? typed.slice(0, 254) : '';
  const fail = async (code: SignInErrorCode, userId: string | null, countAgainstIp: boolean) => {
    if (countAgainstIp) ctx.limiter.hit(ipKey);
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

  if (ctx.limiter.check(ipKey).limited) throw await fail('rate_limited', null, false);
  if (!parsed.success) throw await fail('invalid_credentials', null, true);

  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)))
    .limit(1);
  if (!user) {
    await verifyDummyPassword(parsed.data.password);
    throw await fail('invalid_credentials', null, true);
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) throw await fail('locked', user.id, true);

  if (!(await verifyPassword(user.passwordHash, parsed.data.password))) {
    throw await recordWrongPassword(ctx, user.id, email, fail);
  }
  if (user.status !== 'active') throw await fail('suspended', user.id, false);

  await db.update(users).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(users.id, user.id));
  const session = await createSession(db, { userId: user.id, now, ip, userAgent: ctx.userAgent });
  await writeAudit(db, {
    action: 'auth.sign_in',
    outcome: 'success',
    actorUserId: user.id,
    actorLabel: user.email,
    subjectType: 'user',
    subjectId: user.id,
    changes: { sessionId: session.id },
    ip,
  });
  return {
    id: user.id,
    email: user.email,
    name: user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email,
    image: user.image,
    role: user.role,
    sessionId: session.id,
  };
}

/** Counts the failure atomically; the LOCKOUT_THRESHOLD-th one locks the account. */
async function recordWrongPassword(
  ctx: SignInContext,
  userId: string,
  email: string,
  fail: (code: SignInErrorCode, userId: string | null, countAgainstIp: boolean) => Promise<SignInFailure>,
): Promise<SignInFailure> {
  const [row] = await ctx.db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  if (!row || row.failedLogins < LOCKOUT_THRESHOLD) return fail('invalid_credentials', userId, true);
  const lockedUntil = new Date(ctx.now.getTime() + LOCKOUT_MINUTES * 60_000);
  await ctx.db.update(users).set({ failedLogins: 0, lockedUntil }).where(eq(users.id, userId));
  await writeAudit(ctx.db, {
    action: 'auth.lock_out',
    outcome: 'success',
    actorUserId: userId,
    actorLabel: email,
    subjectType: 'user',
    subjectId: userId,
    changes: { lockedUntil: lockedUntil.toISOString(), failedLogins: row.failedLogins },
    ip: ctx.ip,
  });
  return fail('locked', userId, true);
}
