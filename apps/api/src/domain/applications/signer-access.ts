import {
  type CodeChannel,
  APPLICATION_CODE_MINUTES,
  APPLICATION_CODE_RESEND_SECONDS,
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
} from '@boardwalk/shared';
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationDevices } from '../../db/schema/application-requests.ts';
import { applicationSigners } from '../../db/schema/application-signers.ts';
import { requireJobSender } from '../../lib/jobs/job-engine-of.ts';
import { ProblemError } from '../../lib/problem.ts';
import { requestOfId, verifiedDevice, wrongCode, type ApplyContext, type RequestRow } from './applicant-access.ts';
import { logApplicationStep } from './application-log.ts';
import { queueCodeEmail, queueCodeText } from './application-messages.ts';
import { hashCode, hashSecret, maskEmail, newCode, newDeviceSecret, sameDigest } from './application-secrets.ts';
import { codeTarget, codeTextTo, signerPhoneOf } from './code-channel.ts';

/**
 * A signer's own link (docs/decisions/107), kept as the request's link is (docs/decisions/097):
 * the token is derived from the signer's id with the server's secret and stored as its SHA-256;
 * a one-time code goes to the signer's email, wrong codes count and lock as the request's do,
 * and the verified device gets a cookie that reaches this signer only.
 */
export type SignerRow = typeof applicationSigners.$inferSelect;

export function deriveSignerToken(serverSecret: string, signerId: string): string {
  return createHmac('sha256', serverSecret).update(`application-signer:${signerId}:1`).digest('base64url');
}

const NOT_A_LINK = 'This link is not valid. Check that you copied all of it, or ask for a new one.';

/** The signer and its request a token names: the same 404 whatever is wrong; 410 once closed. */
export async function signerOfToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ signer: SignerRow; request: RequestRow }> {
  const digest = hashSecret(token);
  const [signer] = await db.select().from(applicationSigners).where(eq(applicationSigners.tokenHash, digest)).limit(1);
  if (!signer || !sameDigest(signer.tokenHash, digest)) throw new ProblemError(404, NOT_A_LINK, { code: 'not_found' });
  return { signer, request: await requestOfId(db, signer.requestId, now) };
}

const s = applicationSigners;
const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
const locked = (until: Date | null, now: Date) =>
  new ProblemError(429, `Too many wrong codes. Try again in ${LOCKOUT_MINUTES} minutes.`, {
    code: 'code_locked',
    headers: retryAfter(((until?.getTime() ?? now.getTime() + LOCKOUT_MINUTES * 60_000) - now.getTime()) / 1000),
  });

export async function signerDeviceOk(db: Db, signer: SignerRow, secret: string | undefined, now: Date) {
  if (!secret || secret.length > 100) return false;
  const digest = hashSecret(secret);
  const [device] = await db
    .select({ secretHash: applicationDevices.secretHash })
    .from(applicationDevices)
    .where(
      and(
        eq(applicationDevices.secretHash, digest),
        eq(applicationDevices.signerId, signer.id),
        gt(applicationDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(device && sameDigest(device.secretHash, digest));
}

export async function openSignerLink(db: Db, ctx: ApplyContext, token: string, device: string | undefined) {
  const { signer, request } = await signerOfToken(db, token, ctx.now);
  const verified = await signerDeviceOk(db, signer, device, ctx.now);
  await logApplicationStep(db, ctx.applicant, {
    action: 'signer_open',
    requestId: request.id,
    merchantId: request.merchantId,
    at: ctx.now,
    details: { signerId: signer.id, verified },
  });
  return {
    portalName: await readSetting(db, 'portalName'),
    verified,
    signerName: signer.name,
    codeSentTo: maskEmail(signer.email),
    codeTextTo: codeTextTo(ctx.sms, ctx.sms ? await signerPhoneOf(db, request, signer.signerKey) : null),
  };
}

/** As the request's code (docs/decisions/107, 115): to the signer's email, or by SMS to their phone where offered. */
export async function sendSignerCode(db: Db, ctx: ApplyContext, token: string, channel: CodeChannel = 'email') {
  const { signer, request } = await signerOfToken(db, token, ctx.now);
  if (signer.codeLockedUntil && signer.codeLockedUntil > ctx.now) throw locked(signer.codeLockedUntil, ctx.now);
  const boss = requireJobSender(ctx.jobs);
  const target = await codeTarget(db, {
    channel,
    email: signer.email,
    phone: channel === 'sms' ? await signerPhoneOf(db, request, signer.signerKey) : null,
    sms: ctx.sms,
    actor: ctx.applicant,
    step: {
      action: 'signer_code_not_sent',
      requestId: request.id,
      merchantId: request.merchantId,
      at: ctx.now,
      details: { signerId: signer.id },
    },
  });
  const code = newCode();
  const portalName = await readSetting(db, 'portalName');
  const earliest = new Date(ctx.now.getTime() - APPLICATION_CODE_RESEND_SECONDS * 1000);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const claimed = await tx
      .update(s)
      .set({
        codeHash: hashCode(ctx.serverSecret, signer.id, code),
        codeExpiresAt: new Date(ctx.now.getTime() + APPLICATION_CODE_MINUTES * 60_000),
        codeSentAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(and(eq(s.id, signer.id), or(isNull(s.codeSentAt), lte(s.codeSentAt, earliest))))
      .returning({ id: s.id });
    if (!claimed.length) {
      throw new ProblemError(
        429,
        'A code was sent a moment ago: check your email or text messages, or ask again in a minute.',
        {
          code: 'code_recently_sent',
          headers: retryAfter(APPLICATION_CODE_RESEND_SECONDS),
        },
      );
    }
    const letter = { requestId: signer.id, merchantId: request.merchantId, to: target.to, portalName, code };
    const queue = target.channel === 'sms' ? queueCodeText : queueCodeEmail;
    await queue(tx, boss, { ...letter, encryptionKey: ctx.encryptionKey }, ctx.now);
    const step = { requestId: request.id, merchantId: request.merchantId, at: ctx.now };
    await logApplicationStep(tx, ctx.applicant, {
      ...step,
      action: 'signer_code_sent',
      details: { signerId: signer.id, channel: target.channel },
    });
  });
  return { codeSentTo: target.shown };
}

/** As the request's code check: the attempt is claimed before the check, in one conditional UPDATE. */
export async function verifySignerCode(db: Db, ctx: ApplyContext, token: string, code: string): Promise<string> {
  const { signer, request } = await signerOfToken(db, token, ctx.now);
  const expired = sql`(${s.codeLockedUntil} is not null and ${s.codeLockedUntil} <= ${ctx.now.toISOString()}::timestamptz)`;
  const [claim] = await db
    .update(s)
    .set({ failedCodes: sql`case when ${expired} then 1 else ${s.failedCodes} + 1 end`, codeLockedUntil: null })
    .where(
      and(
        eq(s.id, signer.id),
        or(expired, and(isNull(s.codeLockedUntil), sql`${s.failedCodes} < ${LOCKOUT_THRESHOLD}`)),
      ),
    )
    .returning();
  const step = { requestId: request.id, merchantId: request.merchantId, at: ctx.now };
  const details = { signerId: signer.id };
  if (!claim) {
    await logApplicationStep(db, ctx.applicant, { ...step, action: 'signer_code_refused', outcome: 'denied', details });
    throw locked(signer.codeLockedUntil, ctx.now);
  }
  const live = claim.codeHash && claim.codeExpiresAt && claim.codeExpiresAt > ctx.now;
  if (!live || !sameDigest(hashCode(ctx.serverSecret, signer.id, code), claim.codeHash!)) {
    const locks = claim.failedCodes >= LOCKOUT_THRESHOLD;
    const until = new Date(ctx.now.getTime() + LOCKOUT_MINUTES * 60_000);
    if (locks) await db.update(s).set({ codeLockedUntil: until }).where(eq(s.id, signer.id));
    await logApplicationStep(db, ctx.applicant, {
      ...step,
      action: locks ? 'signer_code_lock_out' : 'signer_code_wrong',
      outcome: 'failure',
      details: { ...details, failedCodes: claim.failedCodes },
    });
    if (locks) throw locked(until, ctx.now);
    throw wrongCode(Boolean(live));
  }
  const secret = newDeviceSecret();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .update(s)
      .set({ failedCodes: 0, codeHash: null, codeExpiresAt: null, updatedAt: ctx.now })
      .where(eq(s.id, signer.id));
    await tx.insert(applicationDevices).values(verifiedDevice(ctx, secret, request.id, signer.id));
    await logApplicationStep(tx, ctx.applicant, { ...step, action: 'signer_code_verified', details });
  });
  return secret;
}

/** The signer a verified device may sign as, or 401 (enter a code). */
export async function verifiedSigner(db: Db, ctx: ApplyContext, token: string, device: string | undefined) {
  const found = await signerOfToken(db, token, ctx.now);
  if (!(await signerDeviceOk(db, found.signer, device, ctx.now))) {
    throw new ProblemError(401, 'Enter the code we sent you to continue.', { code: 'code_required' });
  }
  return found;
}
