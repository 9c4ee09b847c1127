import { APPLICATION_STEPS, type ApplicationRequest, type ApplicationStep } from '@boardwalk/shared';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';
import type { Caller } from '../../lib/http/caller.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { requireJobSender } from '../../lib/jobs/job-engine-of.ts';
import { ProblemError } from '../../lib/problem.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';
import { findMerchant } from '../merchants/notes/merchant-notes.service.ts';
import { logApplicationStep, type ApplicationActor } from './application-log.ts';
import { queueLinkEmail } from './application-messages.ts';
import { deriveLinkToken, hashSecret } from './application-secrets.ts';
import { effectiveState, LIVE } from './application-state.ts';
import { closePause, openPause } from './sla-pause.ts';
import { v7 as uuidv7 } from 'uuid';

/** Staff's side of application requests: send, list, resend, revoke, copy the link (docs/decisions/097). */

export type LinkContext = { serverSecret: string; baseUrl: string; jobs: JobSender | undefined };

type Row = typeof applicationRequests.$inferSelect;
const noRequest = () => new ProblemError(404, 'No application request with this id on this merchant.');

const staffOf = (caller: Caller): ApplicationActor => ({ kind: 'staff', actor: caller.actor, ip: caller.ip });

export function linkOf(ctx: Pick<LinkContext, 'serverSecret' | 'baseUrl'>, row: Pick<Row, 'id' | 'tokenVersion'>) {
  return `${ctx.baseUrl.replace(/\/$/, '')}/apply/${deriveLinkToken(ctx.serverSecret, row.id, row.tokenVersion)}`;
}

function toRequest(row: Row, creatorName: string | null, now: Date): ApplicationRequest {
  return {
    id: row.id,
    merchantId: row.merchantId,
    state: effectiveState(row, now),
    asks: row.asks,
    sentTo: row.sentTo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdBy: row.createdBy ? { id: row.createdBy, name: creatorName ?? '' } : null,
  };
}

async function readRequests(db: Db, merchantId: string, now: Date, requestId?: string) {
  const rows = await db
    .select({ r: applicationRequests, creatorName: userNameOf(users) })
    .from(applicationRequests)
    .leftJoin(users, eq(users.id, applicationRequests.createdBy))
    .where(
      and(
        eq(applicationRequests.merchantId, merchantId),
        requestId ? eq(applicationRequests.id, requestId) : undefined,
      ),
    )
    .orderBy(desc(applicationRequests.createdAt), desc(applicationRequests.id));
  return rows.map(({ r, creatorName }) => toRequest(r, creatorName, now));
}

export async function listApplicationRequests(db: Db, merchantId: string, now: Date): Promise<ApplicationRequest[]> {
  await findMerchant(db, merchantId, 'read');
  return readRequests(db, merchantId, now);
}

/** A live request of this merchant, locked for the step, or 404 / 409 when it is closed. */
async function lockLive(tx: Db, merchantId: string, requestId: string, now: Date): Promise<Row> {
  await findMerchant(tx, merchantId, 'write');
  const [row] = await tx
    .select()
    .from(applicationRequests)
    .where(and(eq(applicationRequests.id, requestId), eq(applicationRequests.merchantId, merchantId)))
    .for('update');
  if (!row) throw noRequest();
  const state = effectiveState(row, now);
  if (!LIVE.has(state)) throw new ProblemError(409, `This request is ${state.replace('_', ' ')}; send a new one.`);
  return row;
}

/**
 * Sends a request to the merchant's contact email: the request, its first email (queued in the
 * same transaction), the timeline entry and the audit row commit together. One live request per
 * merchant: a second is a 409 until the first is revoked (one that ran out is closed here).
 */
export async function createApplicationRequest(
  db: Db,
  ctx: LinkContext,
  caller: Caller,
  merchantId: string,
  input: { asks?: ApplicationStep[] | undefined },
): Promise<{ request: ApplicationRequest; link: string }> {
  const days = await readSetting(db, 'applicationLinkDays');
  const portalName = await readSetting(db, 'portalName');
  const now = caller.now;
  const id = uuidv7();
  const link = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await findMerchant(tx, merchantId, 'write');
    const [merchant] = await tx
      .select({ dbaName: merchants.dbaName, email: merchants.contactEmail })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    const to = merchant?.email.trim() ?? '';
    if (!to) {
      const message = 'The merchant has no contact email: add one before sending an application request.';
      throw new ProblemError(409, message, { code: 'no_contact_email' });
    }
    const boss = requireJobSender(ctx.jobs);
    await closeExpired(tx, merchantId, now);
    const expiresAt = new Date(now.getTime() + days * 86_400_000);
    const [row] = await tx
      .insert(applicationRequests)
      .values({
        id,
        merchantId,
        asks: input.asks ?? [...APPLICATION_STEPS],
        tokenHash: hashSecret(deriveLinkToken(ctx.serverSecret, id, 1)),
        sentTo: to,
        expiresAt,
        lastSentAt: now,
        createdBy: caller.actor.userId,
        updatedBy: caller.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ProblemError(409, 'This merchant already has an open application request: revoke it first.');
    const url = linkOf(ctx, row);
    await queueLinkEmail(
      tx,
      boss,
      { requestId: id, merchantId, to, portalName, dbaName: merchant!.dbaName, link: url, expiresAt, sendNumber: 1 },
      now,
    );
    await openPause(tx, { id, merchantId }, now);
    await logApplicationStep(tx, staffOf(caller), {
      action: 'send',
      requestId: id,
      merchantId,
      summary: 'sent an application request',
      at: now,
      details: { expiresAt: expiresAt.toISOString() },
    });
    return url;
  });
  const [request] = await readRequests(db, merchantId, now, id);
  return { request: request!, link };
}

/** Marks the merchant's requests that ran out as expired, so the one-live index lets a new one in. */
async function closeExpired(tx: Db, merchantId: string, now: Date) {
  await tx
    .update(applicationRequests)
    .set({ state: 'expired', updatedAt: now })
    .where(
      and(
        eq(applicationRequests.merchantId, merchantId),
        inArray(applicationRequests.state, [...LIVE]),
        lte(applicationRequests.expiresAt, now),
      ),
    );
}

/** Sends the same link again to the contact's current address; the expiry stays. */
export async function resendApplicationRequest(
  db: Db,
  ctx: LinkContext,
  caller: Caller,
  merchantId: string,
  requestId: string,
) {
  const portalName = await readSetting(db, 'portalName');
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await lockLive(tx, merchantId, requestId, caller.now);
    const boss = requireJobSender(ctx.jobs);
    const [merchant] = await tx
      .select({ dbaName: merchants.dbaName, email: merchants.contactEmail })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    const to = merchant?.email.trim() || row.sentTo;
    await tx
      .update(applicationRequests)
      .set({ lastSentAt: caller.now, sentTo: to, updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(applicationRequests.id, requestId));
    await queueLinkEmail(
      tx,
      boss,
      {
        requestId,
        merchantId,
        to,
        portalName,
        dbaName: merchant!.dbaName,
        link: linkOf(ctx, row),
        expiresAt: row.expiresAt,
        sendNumber: caller.now.getTime(),
      },
      caller.now,
    );
    await logApplicationStep(tx, staffOf(caller), {
      action: 'resend',
      requestId,
      merchantId,
      summary: 'sent the application request again',
      at: caller.now,
    });
  });
  const [request] = await readRequests(db, merchantId, caller.now, requestId);
  return request!;
}

/** Revokes a live request: its link and every device's session stop working at once. */
export async function revokeApplicationRequest(db: Db, caller: Caller, merchantId: string, requestId: string) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockLive(tx, merchantId, requestId, caller.now);
    await tx
      .update(applicationRequests)
      .set({
        state: 'revoked',
        revokedAt: caller.now,
        revokedBy: caller.actor.userId,
        updatedAt: caller.now,
        updatedBy: caller.actor.userId,
      })
      .where(eq(applicationRequests.id, requestId));
    await closePause(tx, requestId, caller.now);
    await logApplicationStep(tx, staffOf(caller), {
      action: 'revoke',
      requestId,
      merchantId,
      summary: 'revoked the application request',
      at: caller.now,
    });
  });
  const [request] = await readRequests(db, merchantId, caller.now, requestId);
  return request!;
}

/** The link of a live request, for staff to pass on by another channel; audited (it opens the code step). */
export async function copyApplicationLink(
  db: Db,
  ctx: LinkContext,
  caller: Caller,
  merchantId: string,
  requestId: string,
) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await lockLive(tx, merchantId, requestId, caller.now);
    await logApplicationStep(tx, staffOf(caller), { action: 'copy_link', requestId, merchantId, at: caller.now });
    return linkOf(ctx, row);
  });
}
