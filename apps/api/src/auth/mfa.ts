import { createHash, randomInt } from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@boardwalk/shared/schemas/mfa';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { MfaStatus } from '@boardwalk/shared/schemas/mfa';
import type { Db } from '../db/client.ts';
import { mfaRecoveryCodes } from '../db/schema/mfa-recovery-codes.ts';
import { users } from '../db/schema/users.ts';
import { decryptSecret, encryptSecret } from '../lib/crypto.ts';
import type { ProblemError } from '../lib/problem.ts';
import { mfaRequiredRoles } from './session-store.ts';
import { readSetting } from './settings.ts';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app expects) with otplib,
 * and one-time recovery codes. See docs/decisions/015-mfa-sign-in.md.
 */
export const TOTP_PERIOD_SECONDS = 30;

/** A new secret (20 random bytes, base32) and what an authenticator app scans. */
export async function newTotpEnrolment(issuer: string, accountName: string) {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer, label: accountName, secret });
  // Made here, not by a QR web service: the secret never leaves the machine.
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUri, qrCode };
}

export function sealTotpSecret(secret: string, encryptionKey: string): string {
  return encryptSecret(secret, encryptionKey);
}

/**
 * The time step of a code that is right now, one step before or one after (clock drift), and
 * later than `afterStep` (a code is never accepted twice); null otherwise.
 */
export async function matchTotp(
  sealedSecret: string,
  encryptionKey: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  let secret: string;
  try {
    secret = decryptSecret(sealedSecret, encryptionKey);
  } catch {
    return null; // sealed with another ENCRYPTION_KEY: no code matches; an administrator resets it
  }
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
  });
  if (!result.valid || !('timeStep' in result)) return null;
  return afterStep !== null && result.timeStep <= afterStep ? null : result.timeStep;
}

/**
 * Records the step as used, only if no code of this step or a later one was used already: one
 * conditional UPDATE, so of two requests racing with the same code only one wins.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read aloud or typed from paper

/** Ten fresh codes, shown once, e.g. "k7p2m-x9q4t". */
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace('-', '')).digest('hex');
}

/** Replaces the user's recovery codes with these (call inside the enrolling transaction). */
export async function storeRecoveryCodes(tx: Db, userId: string, codes: string[], now: Date): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx
    .insert(mfaRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
}

/** Marks an unused recovery code as used; false when there is no such unused code. One UPDATE. */
export async function useRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  if (!RECOVERY_CODE_PATTERN.test(code)) return false;
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Checks a second factor of an enrolled user and uses it up: an authenticator code (its time
 * step claimed) or a recovery code (marked used). Returns how it was proven, or null.
 */
export async function useSecondFactor(
  db: Db,
  user: { id: string; mfaSecret: string | null; mfaLastStep: number | null },
  code: string,
  context: { now: Date; encryptionKey: string },
): Promise<'totp' | 'recovery_code' | null> {
  if (!user.mfaSecret) return null;
  if (TOTP_CODE_PATTERN.test(code)) {
    const step = await matchTotp(user.mfaSecret, context.encryptionKey, code, context.now, user.mfaLastStep);
    return step !== null && (await claimTotpStep(db, user.id, step)) ? 'totp' : null;
  }
  return (await useRecoveryCode(db, user.id, code, context.now)) ? 'recovery_code' : null;
}

/** Turns the user's second factor off and deletes its secret and recovery codes. */
export async function clearMfa(tx: Db, userId: string): Promise<boolean> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  const rows = await tx
    .update(users)
    .set({ mfaSecret: null, mfaEnabledAt: null, mfaLastStep: null })
    .where(and(eq(users.id, userId), sql`${users.mfaSecret} is not null`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export type MfaUser = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'role' | 'mfaSecret' | 'mfaEnabledAt' | 'mfaLastStep'
>;

export async function loadMfaUser(db: Db, userId: string, notFound: ProblemError): Promise<MfaUser> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      mfaSecret: users.mfaSecret,
      mfaEnabledAt: users.mfaEnabledAt,
      mfaLastStep: users.mfaLastStep,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound;
  return row;
}

/** Two-factor status of any live user (GET /api/me/mfa, GET /api/users/{id}/mfa). */
export async function mfaStatus(db: Db, userId: string, notFound: ProblemError): Promise<MfaStatus> {
  const user = await loadMfaUser(db, userId, notFound);
  const required = mfaRequiredRoles(await readSetting(db, 'mfaRequiredRoles')).includes(user.role);
  return {
    enabled: user.mfaEnabledAt !== null,
    enabledAt: user.mfaEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.mfaEnabledAt ? await recoveryCodesLeft(db, user.id) : 0,
    required,
  };
}
