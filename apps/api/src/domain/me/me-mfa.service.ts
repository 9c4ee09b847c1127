import type { MfaConfirmInput, MfaDisableInput, MfaSetup, MfaStatus } from '@boardwalk/shared/schemas/mfa';
import { SIGN_IN_ERROR_MESSAGES } from '@boardwalk/shared/schemas/user';
import { and, eq, isNull } from 'drizzle-orm';
import {
  clearMfa,
  loadMfaUser,
  matchTotp,
  mfaStatus,
  newRecoveryCodes,
  newTotpEnrolment,
  sealTotpSecret,
  storeRecoveryCodes,
  useSecondFactor,
} from '../../auth/mfa.ts';
import { verifyPassword } from '../../auth/password.ts';
import {
  claimPasswordAttempt,
  lockSecondsLeft,
  recordRightPassword,
  recordWrongPassword,
} from '../../auth/password-attempts.ts';
import { mfaRequiredRoles, revokeUserSessions } from '../../auth/session-store.ts';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';

const signInAgain = () => new ProblemError(401, 'Sign in to continue.');
const ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to move it to another device.';

export async function getMyMfa(db: Db, caller: Caller): Promise<MfaStatus> {
  return mfaStatus(db, caller.actor.userId, signInAgain());
}

/**
 * A new secret replaces any unconfirmed one; it is stored encrypted and counts only once a code
 * from the app confirms it, so starting again (a lost QR code) is always possible.
 */
export async function startMyMfaSetup(db: Db, caller: Caller, encryptionKey: string): Promise<MfaSetup> {
  const { actor, now, ip } = caller;
  const user = await loadMfaUser(db, actor.userId, signInAgain());
  if (user.mfaEnabledAt) throw new ProblemError(409, ALREADY_ON);
  const enrolment = await newTotpEnrolment(await readSetting(db, 'portalName'), user.email);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await tx
      .update(users)
      .set({ mfaSecret: sealTotpSecret(enrolment.secret, encryptionKey), mfaLastStep: null, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.mfaEnabledAt)))
      .returning({ id: users.id });
    if (rows.length === 0) throw new ProblemError(409, ALREADY_ON);
    await writeAudit(tx, {
      action: 'user.mfa_setup',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: actor.userId,
      ip,
    });
  });
  return enrolment;
}

const WRONG_CODE = 'That code is not correct. Check the time on your phone and enter the newest code.';

/**
 * A code from the app turns the factor on: the secret, the code's time step (so it cannot be
 * used again to sign in), ten recovery codes (hashed) and the audit row commit together. The
 * caller's other sessions end: they were opened without the second factor.
 */
export async function confirmMyMfa(
  db: Db,
  caller: Caller,
  encryptionKey: string,
  input: MfaConfirmInput,
): Promise<{ recoveryCodes: string[] }> {
  const { actor, now, ip } = caller;
  const user = await loadMfaUser(db, actor.userId, signInAgain());
  if (user.mfaEnabledAt) throw new ProblemError(409, ALREADY_ON);
  if (!user.mfaSecret) throw new ProblemError(409, 'Start the set-up first: there is no QR code to confirm.');
  const step = await matchTotp(user.mfaSecret, encryptionKey, input.code, now, null);
  if (step === null) throw new ProblemError(400, WRONG_CODE, { errors: { code: [WRONG_CODE] } });
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await tx
      .update(users)
      .set({ mfaEnabledAt: now, mfaLastStep: step, updatedAt: now })
      // The secret the code was checked against: a set-up restarted meanwhile needs its own code.
      .where(and(eq(users.id, user.id), isNull(users.mfaEnabledAt), eq(users.mfaSecret, user.mfaSecret!)))
      .returning({ id: users.id });
    if (rows.length === 0) throw new ProblemError(409, 'The set-up changed meanwhile: scan the new QR code.');
    await storeRecoveryCodes(tx, user.id, recoveryCodes, now);
    const ended = await revokeUserSessions(tx, user.id, now, actor.sessionId);
    await writeAudit(tx, {
      action: 'user.mfa_enable',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: actor.userId,
      changes: { recoveryCodes: recoveryCodes.length, sessionsEnded: ended },
      ip,
    });
  });
  return { recoveryCodes };
}

/**
 * The password and a code turn the factor off. Both are guesses: one attempt on the sign-in
 * counter and lock, counted before either is checked. Refused while the role requires it.
 */
export async function disableMyMfa(db: Db, caller: Caller, encryptionKey: string, input: MfaDisableInput) {
  const { actor, now, ip } = caller;
  const user = await loadMfaUser(db, actor.userId, signInAgain());
  if (!user.mfaEnabledAt) throw new ProblemError(409, 'Two-factor sign-in is not on.');
  if (mfaRequiredRoles(await readSetting(db, 'mfaRequiredRoles')).includes(user.role)) {
    throw new ProblemError(
      409,
      'Your role requires two-factor sign-in, so it cannot be turned off. If you lost your device, ask an administrator to reset it.',
    );
  }
  const lockedOut = async () =>
    new ProblemError(429, SIGN_IN_ERROR_MESSAGES.locked, {
      code: 'rate_limited',
      headers: { 'Retry-After': String(await lockSecondsLeft(db, eq(users.id, user.id), now)) },
    });
  const claim = await claimPasswordAttempt(db, eq(users.id, user.id), now);
  if (!claim) throw await lockedOut();
  const wrong = async (field: 'currentPassword' | 'code', message: string) => {
    const locked = await recordWrongPassword(db, claim, { now, ip, actorLabel: user.email });
    await writeAudit(db, {
      action: 'user.mfa_disable',
      outcome: 'failure',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: actor.userId,
      changes: { reason: locked ? 'locked' : field === 'code' ? 'wrong_code' : 'wrong_current_password' },
      ip,
    });
    if (locked) return lockedOut();
    return new ProblemError(400, message, { errors: { [field]: [message] } });
  };
  if (!(await verifyPassword(claim.user.passwordHash, input.currentPassword))) {
    throw await wrong('currentPassword', 'The current password is not correct.');
  }
  if (!(await useSecondFactor(db, claim.user, input.code, { now, encryptionKey }))) {
    throw await wrong('code', 'That code is not correct.');
  }
  if (!(await recordRightPassword(db, user.id, now))) throw await lockedOut();
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await clearMfa(tx, user.id);
    await writeAudit(tx, {
      action: 'user.mfa_disable',
      outcome: 'success',
      ...auditActor(actor),
      subjectType: 'user',
      subjectId: actor.userId,
      ip,
    });
  });
}
