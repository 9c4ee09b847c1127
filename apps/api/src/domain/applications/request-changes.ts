import {
  applicationBankingSchema,
  applicationBusinessSchema,
  applicationContactSchema,
  applicationProcessingSchema,
  type ApplicationRequest,
  type ChangeRequestItem,
  type ChangesRequested,
} from '@boardwalk/shared';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationChangeRequests } from '../../db/schema/application-intake.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { merchants } from '../../db/schema/merchants.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { requireJobSender } from '../../lib/jobs/job-engine-of.ts';
import { ProblemError } from '../../lib/problem.ts';
import { verifiedRequest, type ApplyContext } from './applicant-access.ts';
import { findMerchant } from '../merchants/notes/merchant-notes.service.ts';
import { readMerchantChecklist } from './application-documents.ts';
import { logApplicationStep } from './application-log.ts';
import { queueChangesEmail } from './application-messages.ts';
import { linkOf, listApplicationRequests, type LinkContext } from './application-requests.service.ts';
import { openPause } from './sla-pause.ts';
import { effectiveState } from './application-state.ts';

/**
 * "Request changes" (docs/decisions/108): staff send a submitted or signed application back to the
 * merchant with a reason per field or document. The request is in progress again (its link opens,
 * at the items to fix), the merchant is emailed the reasons and the same link, and the reasons
 * asked before are closed. The state change is all that is done to the signatures: they are tied
 * to the content they signed, so one taken before the change no longer counts.
 */

const STEP_FIELDS: Record<string, string[]> = {
  business: Object.keys(applicationBusinessSchema.shape),
  contact: Object.keys(applicationContactSchema.shape),
  owners: ['owners'],
  processing: Object.keys(applicationProcessingSchema.shape),
  banking: Object.keys(applicationBankingSchema.shape),
};

/** The fields a request may be sent back for: those of the steps it asks. */
export function changeableFields(asks: readonly string[]): string[] {
  return asks.flatMap((step) => STEP_FIELDS[step] ?? []);
}

/** `legalName` → `Legal name`: the field as the email and the merchant's page say it. */
const words = (name: string) => {
  const spaced = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export async function requestChanges(
  db: Db,
  ctx: LinkContext,
  caller: Caller,
  merchantId: string,
  requestId: string,
  items: ChangeRequestItem[],
): Promise<ApplicationRequest> {
  const portalName = await readSetting(db, 'portalName');
  const checklist = await readMerchantChecklist(db, merchantId);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await findMerchant(tx, merchantId, 'write');
    const [row] = await tx
      .select()
      .from(applicationRequests)
      .where(and(eq(applicationRequests.id, requestId), eq(applicationRequests.merchantId, merchantId)))
      .for('update');
    if (!row) throw new ProblemError(404, 'No application request with this id on this merchant.');
    const state = effectiveState(row, caller.now);
    if (state !== 'submitted' && state !== 'signed') {
      throw new ProblemError(
        409,
        `Changes can be asked of a submitted or signed application; this one is ${state.replace('_', ' ')}.`,
      );
    }
    const fields = new Set(changeableFields(row.asks));
    const documents = new Map(checklist.items.map((i) => [i.key, i.label]));
    const errors: Record<string, string[]> = {};
    items.forEach((item, index) => {
      const known = item.kind === 'field' ? fields.has(item.key) : documents.has(item.key);
      if (!known) errors[`items.${index}.key`] = ['Pick a field or a document of this application'];
    });
    if (Object.keys(errors).length > 0)
      throw new ProblemError(400, 'Pick fields or documents of this application', { errors });
    const [other] = await tx
      .select({ id: applicationRequests.id })
      .from(applicationRequests)
      .where(
        and(
          eq(applicationRequests.merchantId, merchantId),
          ne(applicationRequests.id, requestId),
          inArray(applicationRequests.state, ['sent', 'opened', 'in_progress']),
        ),
      );
    if (other) throw new ProblemError(409, 'Another application request is open for this merchant: revoke it first.');

    await tx
      .update(applicationChangeRequests)
      .set({ closedAt: caller.now, updatedAt: caller.now })
      .where(and(eq(applicationChangeRequests.requestId, requestId), isNull(applicationChangeRequests.closedAt)));
    await tx.insert(applicationChangeRequests).values(
      items.map((item) => ({
        requestId,
        kind: item.kind,
        itemKey: item.key,
        reason: item.reason,
        createdBy: caller.actor.userId,
        createdAt: caller.now,
        updatedAt: caller.now,
      })),
    );
    await tx
      .update(applicationRequests)
      .set({ state: 'in_progress', updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(applicationRequests.id, requestId));
    // A signed request had closed its pause of the SLA clock: the merchant has the ball again.
    if (state === 'signed') await openPause(tx, { id: requestId, merchantId }, caller.now);

    const [merchant] = await tx
      .select({ dbaName: merchants.dbaName })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    const labelOf = (item: ChangeRequestItem) =>
      item.kind === 'document' ? documents.get(item.key)! : words(item.key);
    await queueChangesEmail(
      tx,
      requireJobSender(ctx.jobs),
      {
        requestId,
        merchantId,
        to: row.sentTo,
        portalName,
        dbaName: merchant!.dbaName,
        link: linkOf(ctx, row),
        sendNumber: caller.now.getTime(),
        items: items.map((item) => ({ label: labelOf(item), reason: item.reason })),
      },
      caller.now,
    );
    await logApplicationStep(
      tx,
      { kind: 'staff', actor: caller.actor, ip: caller.ip },
      {
        action: 'request_changes',
        requestId,
        merchantId,
        summary: `asked the merchant to change ${items.map(labelOf).join(', ')}`,
        at: caller.now,
        details: { from: state, items },
      },
    );
  });
  const requests = await listApplicationRequests(db, merchantId, caller.now);
  return requests.find((r) => r.id === requestId)!;
}

/** The reasons still open on a request, oldest first: what the merchant's page shows and opens at. */
export async function openChangeRequests(db: Db, requestId: string, merchantId: string): Promise<ChangesRequested> {
  const rows = await db
    .select({
      kind: applicationChangeRequests.kind,
      key: applicationChangeRequests.itemKey,
      reason: applicationChangeRequests.reason,
    })
    .from(applicationChangeRequests)
    .where(and(eq(applicationChangeRequests.requestId, requestId), isNull(applicationChangeRequests.closedAt)))
    .orderBy(asc(applicationChangeRequests.createdAt), asc(applicationChangeRequests.id));
  const documents = rows.some((r) => r.kind === 'document') ? (await readMerchantChecklist(db, merchantId)).items : [];
  return {
    items: rows.map((r) => ({
      ...r,
      label: r.kind === 'field' ? words(r.key) : (documents.find((d) => d.key === r.key)?.label ?? r.key),
    })),
  };
}

/** The merchant's view of the reasons, through the link (a verified device of a live request). */
export async function readChangesRequested(db: Db, ctx: ApplyContext, token: string, device: string | undefined) {
  const row = await verifiedRequest(db, ctx, token, device);
  return openChangeRequests(db, row.id, row.merchantId);
}
