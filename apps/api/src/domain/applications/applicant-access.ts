import {
  type CodeChannel,
  APPLICATION_CODE_MINUTES,
  APPLICATION_CODE_RESEND_SECONDS,
  APPLICATION_DEVICE_HOURS,
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
} from '@boardwalk/shared';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationDevices, applicationRequests } from '../../db/schema/application-requests.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { requireJobSender } from '../../lib/jobs/job-engine-of.ts';
import { ProblemError } from '../../lib/problem.ts';
import { logApplicationStep, type ApplicationActor } from './application-log.ts';
import { queueCodeEmail, queueCodeText } from './application-messages.ts';
import { hashCode, hashSecret, maskEmail, newCode, newDeviceSecret, sameDigest } from './application-secrets.ts';
import { closedReason, effectiveState } from './application-state.ts';
import { codeTarget, codeTextTo, contactPhoneOf, type SmsCodeTransport } from './code-channel.ts';

/**
 * The merchant's way in (docs/decisions/097): the link's token names one request; a one-time
 * code sent to the contact proves the inbox; the device then holds a cookie of its own for a day.
 * Nothing here reads a staff session, and everything is keyed by the one request the token names.
 */

export type Applicant = Extract<ApplicationActor, { kind: 'applicant' }>;
export type ApplyContext = {
  serverSecret: string;
  /** Seals the sensitive values typed through the link (docs/decisions/074). */
  encryptionKey: string;
  jobs: JobSender | undefined;
  now: Date;
  applicant: Applicant;
  /** The SMS gateway, when the operator configured one (docs/decisions/115): codes may then be texted. */
  sms?: SmsCodeTransport | undefined;
};
export type RequestRow = typeof applicationRequests.$inferSelect;

const NOT_A_LINK = 'This link is not valid. Check that you copied all of it, or ask for a new one.';
const CLOSED_TEXT = {
  revoked: 'This link was cancelled.',
  expired: 'This link has expired.',
  used: 'This application was already signed.',
} as const;

/**
 * The request a presented token names. Whatever was presented (well formed or not) is hashed and
 * looked up by its hash, so neither the answer nor the work differs by what kind of wrong it is,
 * and the index compares digests, never the secret's own characters.
 */
export async function requestOfToken(
  db: Db,
  token: string,
  now: Date,
  open: 'live' | 'any' = 'live',
): Promise<RequestRow> {
  const digest = hashSecret(token);
  const [row] = await db.select().from(applicationRequests).where(eq(applicationRequests.tokenHash, digest)).limit(1);
  if (!row || !sameDigest(row.tokenHash, digest)) throw new ProblemError(404, NOT_A_LINK, { code: 'not_found' });
  const reason = closedReason(effectiveState(row, now));
  if (reason && open === 'live') throw new ProblemError(410, CLOSED_TEXT[reason], { code: `link_${reason}` });
  return row;
}

/** A request by its id (a signer's link names it), with the same 410s as its own link. */
export async function requestOfId(db: Db, requestId: string, now: Date): Promise<RequestRow> {
  const [row] = await db.select().from(applicationRequests).where(eq(applicationRequests.id, requestId)).limit(1);
  if (!row) throw new ProblemError(404, NOT_A_LINK, { code: 'not_found' });
  const reason = closedReason(effectiveState(row, now));
  if (reason) throw new ProblemError(410, CLOSED_TEXT[reason], { code: `link_${reason}` });
  return row;
}

/** The device's cookie, if it names a live session of this very request. */
export async function deviceOf(db: Db, request: RequestRow, secret: string | undefined, now: Date): Promise<boolean> {
  if (!secret || secret.length > 100) return false;
  const digest = hashSecret(secret);
  const [device] = await db
    .select({ id: applicationDevices.id, secretHash: applicationDevices.secretHash })
    .from(applicationDevices)
    .where(
      and(
        eq(applicationDevices.secretHash, digest),
        eq(applicationDevices.requestId, request.id),
        // A signer's device (docs/decisions/107) reaches that signer only, never the whole request.
        isNull(applicationDevices.signerId),
        gt(applicationDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(device && sameDigest(device.secretHash, digest));
}

/** Opening the link: audited every time; the first open moves `sent` to `opened` with a timeline entry. */
export async function openLink(db: Db, ctx: ApplyContext, token: string, deviceSecret: string | undefined) {
  const row = await requestOfToken(db, token, ctx.now);
  const verified = await deviceOf(db, row, deviceSecret, ctx.now);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const first = await tx
      .update(applicationRequests)
      .set({ state: 'opened', openedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(applicationRequests.id, row.id), eq(applicationRequests.state, 'sent')))
      .returning({ id: applicationRequests.id });
    const summary = first.length ? 'The merchant opened the application link' : undefined;
    await logApplicationStep(tx, ctx.applicant, {
      action: 'open',
      requestId: row.id,
      merchantId: row.merchantId,
      summary,
      at: ctx.now,
      details: { verified },
    });
  });
  const phone = ctx.sms ? await contactPhoneOf(db, row.merchantId) : null;
  return {
    portalName: await readSetting(db, 'portalName'),
    verified,
    codeSentTo: maskEmail(row.sentTo),
    codeTextTo: codeTextTo(ctx.sms, phone),
  };
}

const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

function lockedError(row: Pick<RequestRow, 'codeLockedUntil'>, now: Date) {
  const until = row.codeLockedUntil?.getTime() ?? now.getTime() + LOCKOUT_MINUTES * 60_000;
  return new ProblemError(429, `Too many wrong codes. Try again in ${LOCKOUT_MINUTES} minutes.`, {
    code: 'code_locked',
    headers: retryAfter((until - now.getTime()) / 1000),
  });
}

/**
 * Sends a new one-time code to the contact: by email, or by SMS to the phone on the record where
 * that is offered (docs/decisions/115). At most one a minute either way, none while codes are locked.
 */
export async function sendCode(db: Db, ctx: ApplyContext, token: string, channel: CodeChannel = 'email') {
  const row = await requestOfToken(db, token, ctx.now);
  if (row.codeLockedUntil && row.codeLockedUntil > ctx.now) throw lockedError(row, ctx.now);
  const boss = requireJobSender(ctx.jobs);
  const target = await codeTarget(db, {
    channel,
    email: row.sentTo,
    phone: channel === 'sms' ? await contactPhoneOf(db, row.merchantId) : null,
    sms: ctx.sms,
    actor: ctx.applicant,
    step: { action: 'code_not_sent', requestId: row.id, merchantId: row.merchantId, at: ctx.now },
  });
  const code = newCode();
  const portalName = await readSetting(db, 'portalName');
  const earliest = new Date(ctx.now.getTime() - APPLICATION_CODE_RESEND_SECONDS * 1000);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // One conditional update: two requests at once send one code.
    const claimed = await tx
      .update(applicationRequests)
      .set({
        codeHash: hashCode(ctx.serverSecret, row.id, code),
        codeExpiresAt: new Date(ctx.now.getTime() + APPLICATION_CODE_MINUTES * 60_000),
        codeSentAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(
        and(
          eq(applicationRequests.id, row.id),
          or(isNull(applicationRequests.codeSentAt), lte(applicationRequests.codeSentAt, earliest)),
        ),
      )
      .returning({ id: applicationRequests.id });
    if (!claimed.length) {
      const wait =
        (row.codeSentAt?.getTime() ?? ctx.now.getTime()) + APPLICATION_CODE_RESEND_SECONDS * 1000 - ctx.now.getTime();
      throw new ProblemError(
        429,
        'A code was sent a moment ago: check your email or text messages, or ask again in a minute.',
        {
          code: 'code_recently_sent',
          headers: retryAfter(wait / 1000),
        },
      );
    }
    const queue = target.channel === 'sms' ? queueCodeText : queueCodeEmail;
    const letter = { requestId: row.id, merchantId: row.merchantId, to: target.to, portalName, code };
    await queue(tx, boss, { ...letter, encryptionKey: ctx.encryptionKey }, ctx.now);
    await logApplicationStep(tx, ctx.applicant, {
      action: 'code_sent',
      requestId: row.id,
      merchantId: row.merchantId,
      at: ctx.now,
      details: { channel: target.channel },
    });
  });
  return { codeSentTo: target.shown };
}

/**
 * Checks a code. The attempt is counted BEFORE the check, in one conditional UPDATE (as password
 * attempts are, auth/password-attempts.ts): LOCKOUT_THRESHOLD wrong codes lock the request's
 * codes for LOCKOUT_MINUTES, whatever the concurrency. The right code is used up and gives the
 * device a secret of its own (returned for the cookie; stored hashed).
 */
export async function verifyCode(db: Db, ctx: ApplyContext, token: string, code: string): Promise<string> {
  const row = await requestOfToken(db, token, ctx.now);
  const r = applicationRequests;
  const expired = sql`(${r.codeLockedUntil} is not null and ${r.codeLockedUntil} <= ${ctx.now.toISOString()}::timestamptz)`;
  const [claim] = await db
    .update(r)
    .set({ failedCodes: sql`case when ${expired} then 1 else ${r.failedCodes} + 1 end`, codeLockedUntil: null })
    .where(
      and(eq(r.id, row.id), or(expired, and(isNull(r.codeLockedUntil), sql`${r.failedCodes} < ${LOCKOUT_THRESHOLD}`))),
    )
    .returning();
  const step = { requestId: row.id, merchantId: row.merchantId, at: ctx.now };
  if (!claim) {
    await logApplicationStep(db, ctx.applicant, { ...step, action: 'code_refused', outcome: 'denied' });
    throw lockedError(row, ctx.now);
  }
  const live = claim.codeHash && claim.codeExpiresAt && claim.codeExpiresAt > ctx.now;
  const right = live && sameDigest(hashCode(ctx.serverSecret, row.id, code), claim.codeHash!);
  if (!right) {
    const locks = claim.failedCodes >= LOCKOUT_THRESHOLD;
    const lockedUntil = new Date(ctx.now.getTime() + LOCKOUT_MINUTES * 60_000);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (locks) await tx.update(r).set({ codeLockedUntil: lockedUntil }).where(eq(r.id, row.id));
      await logApplicationStep(tx, ctx.applicant, {
        ...step,
        action: locks ? 'code_lock_out' : 'code_wrong',
        outcome: 'failure',
        details: { failedCodes: claim.failedCodes },
      });
    });
    if (locks) throw lockedError({ codeLockedUntil: lockedUntil }, ctx.now);
    throw wrongCode(Boolean(live));
  }
  const secret = newDeviceSecret();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .update(r)
      .set({ failedCodes: 0, codeHash: null, codeExpiresAt: null, updatedAt: ctx.now })
      .where(eq(r.id, row.id));
    await tx.insert(applicationDevices).values(verifiedDevice(ctx, secret, row.id));
    await logApplicationStep(tx, ctx.applicant, { ...step, action: 'code_verified' });
  });
  return secret;
}

/** The live request a verified device may work on, or 401 (no or stale cookie: enter a code). */
export async function verifiedRequest(db: Db, ctx: ApplyContext, token: string, deviceSecret: string | undefined) {
  const row = await requestOfToken(db, token, ctx.now);
  if (!(await deviceOf(db, row, deviceSecret, ctx.now))) {
    throw new ProblemError(401, 'Enter the code we sent you to continue.', { code: 'code_required' });
  }
  return row;
}

/** A wrong code's answer: not right while the code lives, expired after (the request's or a signer's). */
export function wrongCode(live: boolean): ProblemError {
  const message = live
    ? 'That code is not right. Check the latest email and try again.'
    : 'This code has expired: ask for a new one.';
  return new ProblemError(400, message, { errors: { code: [message] } });
}

/** The row of a device that entered the right code: for the request, or for one signer of it. */
export function verifiedDevice(ctx: ApplyContext, secret: string, requestId: string, signerId?: string) {
  return {
    requestId,
    ...(signerId ? { signerId } : {}),
    secretHash: hashSecret(secret),
    expiresAt: new Date(ctx.now.getTime() + APPLICATION_DEVICE_HOURS * 3_600_000),
    ip: ctx.applicant.ip,
    userAgent: ctx.applicant.userAgent?.slice(0, 300) ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}
