import type { ApplicationBusiness, ApplicationView } from '@boardwalk/shared';
import { applicationBusinessSchema } from '@boardwalk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { logApplicationStep } from './application-log.ts';
import { effectiveState } from './application-state.ts';
import { requestOfToken, verifiedRequest, type ApplyContext, type RequestRow } from './applicant-access.ts';

/**
 * What the merchant fills in through the link, step by step, kept as a draft on the request: the
 * record changes only when the application is submitted (a later step), so staff edits and the
 * merchant's answers never overwrite each other unseen.
 */

/** The business step as staff have it on the record: what the first visit shows. */
async function businessOnRecord(db: Db, merchantId: string): Promise<ApplicationBusiness> {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!m) return {};
  return {
    dbaName: m.dbaName,
    legalName: m.legalName,
    businessType: m.businessType,
    website: m.website,
    addressLine1: m.addressLine1,
    addressLine2: m.addressLine2,
    city: m.city,
    region: m.region,
    postalCode: m.postalCode,
    country: m.country,
  };
}

function draftBusiness(row: RequestRow): ApplicationBusiness | null {
  const parsed = applicationBusinessSchema.safeParse(row.draft['business']);
  return parsed.success ? parsed.data : null;
}

async function viewOf(db: Db, row: RequestRow, now: Date): Promise<ApplicationView> {
  const onRecord = await businessOnRecord(db, row.merchantId);
  return {
    portalName: await readSetting(db, 'portalName'),
    state: effectiveState(row, now),
    asks: row.asks,
    expiresAt: row.expiresAt.toISOString(),
    business: { ...onRecord, ...draftBusiness(row) },
  };
}

export async function readApplication(db: Db, ctx: ApplyContext, token: string, device: string | undefined) {
  const row = await verifiedRequest(db, ctx, token, device);
  return viewOf(db, row, ctx.now);
}

/**
 * Saves the business step as it is typed (a draft). The first save moves the request to
 * `in_progress` with a timeline entry; every save is audited with the names of the fields sent.
 */
export async function saveBusiness(
  db: Db,
  ctx: ApplyContext,
  token: string,
  device: string | undefined,
  input: ApplicationBusiness,
): Promise<ApplicationView> {
  const row = await verifiedRequest(db, ctx, token, device);
  const business = { ...draftBusiness(row), ...input };
  const saved = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const first = await tx
      .update(applicationRequests)
      .set({ state: 'in_progress', updatedAt: ctx.now })
      .where(and(eq(applicationRequests.id, row.id), inArray(applicationRequests.state, ['sent', 'opened'])))
      .returning({ id: applicationRequests.id });
    const [updated] = await tx
      .update(applicationRequests)
      .set({ draft: { ...row.draft, business }, updatedAt: ctx.now })
      .where(eq(applicationRequests.id, row.id))
      .returning();
    await logApplicationStep(tx, ctx.applicant, {
      action: 'save',
      requestId: row.id,
      merchantId: row.merchantId,
      summary: first.length ? 'The merchant started filling in the application' : undefined,
      at: ctx.now,
      details: { step: 'business', fields: Object.keys(input) },
    });
    return updated!;
  });
  return viewOf(db, saved, ctx.now);
}

/**
 * "Ask for a new link" on a link that no longer opens: staff see it on the merchant's timeline.
 * The answer is the same whatever the request's state, so it tells a holder of the old link nothing.
 */
export async function askForNewLink(db: Db, ctx: ApplyContext, token: string): Promise<void> {
  const row = await requestOfToken(db, token, ctx.now, 'any');
  const state = effectiveState(row, ctx.now);
  const closed = !['sent', 'opened', 'in_progress'].includes(state);
  await logApplicationStep(db, ctx.applicant, {
    action: 'new_link_asked',
    requestId: row.id,
    merchantId: row.merchantId,
    summary: closed ? `The merchant asked for a new application link (this one is ${state})` : undefined,
    at: ctx.now,
    details: { state },
  });
}
