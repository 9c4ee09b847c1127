import type {
  ApplicationBanking,
  ApplicationBusiness,
  ApplicationContact,
  ApplicationOwnerInput,
  ApplicationProcessing,
  ApplicationView,
} from '@boardwalk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { mergeOwners, mergeStep, onFileView, ownersView, plainStep } from './application-draft.ts';
import { readOnRecord } from './application-record.ts';
import { logApplicationStep } from './application-log.ts';
import { assertFillable, effectiveState } from './application-state.ts';
import { requestOfToken, verifiedRequest, type ApplyContext, type RequestRow } from './applicant-access.ts';

/**
 * What the merchant fills in through the link, step by step, kept as a draft on the request: the
 * record changes only when the application is submitted (a later step), so staff edits and the
 * merchant's answers never overwrite each other unseen.
 */

type StepInput =
  | { step: 'business'; values: ApplicationBusiness }
  | { step: 'contact'; values: ApplicationContact }
  | { step: 'processing'; values: ApplicationProcessing }
  | { step: 'banking'; values: ApplicationBanking }
  | { step: 'owners'; values: { owners: ApplicationOwnerInput[] } };

export async function viewOf(db: Db, row: RequestRow, now: Date): Promise<ApplicationView> {
  const record = await readOnRecord(db, row.merchantId);
  const draft = row.draft;
  const banking = plainStep(draft, 'banking');
  return {
    portalName: await readSetting(db, 'portalName'),
    state: effectiveState(row, now),
    asks: row.asks,
    expiresAt: row.expiresAt.toISOString(),
    business: { ...record.business, ...plainStep(draft, 'business') },
    contact: { ...record.contact, ...plainStep(draft, 'contact') },
    owners: ownersView(draft, record),
    processing: { ...record.processing, ...plainStep(draft, 'processing') },
    banking: { bankName: typeof banking.bankName === 'string' ? banking.bankName : record.bankName },
    onFile: onFileView(draft, record),
  };
}

export async function readApplication(db: Db, ctx: ApplyContext, token: string, device: string | undefined) {
  const row = await verifiedRequest(db, ctx, token, device);
  return viewOf(db, row, ctx.now);
}

/** The field names a save touched, for the audit row: never a value. */
function fieldsOf(input: StepInput): string[] | { owners: number } {
  return input.step === 'owners' ? { owners: input.values.owners.length } : Object.keys(input.values);
}

/**
 * Saves one step as it is typed (a draft; validated by the route with the step's shared schema).
 * The request row is locked for the save, so two saves at once never drop each other's step or
 * sealed values. The first save moves the request to `in_progress` with a timeline entry; every
 * save is audited with the step and the names of the fields sent, IP and user agent.
 */
export async function saveStep(
  db: Db,
  ctx: ApplyContext,
  token: string,
  device: string | undefined,
  input: StepInput,
): Promise<ApplicationView> {
  const verified = await verifiedRequest(db, ctx, token, device);
  const record = input.step === 'owners' ? await readOnRecord(db, verified.merchantId) : null;
  const saved = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .select()
      .from(applicationRequests)
      .where(eq(applicationRequests.id, verified.id))
      .for('update');
    assertFillable(row!);
    const draft =
      input.step === 'owners'
        ? mergeOwners(row!.draft, record!, input.values.owners, ctx.encryptionKey)
        : mergeStep(row!.draft, input.step, input.values, ctx.encryptionKey);
    const first = await tx
      .update(applicationRequests)
      .set({ state: 'in_progress', updatedAt: ctx.now })
      .where(and(eq(applicationRequests.id, row!.id), inArray(applicationRequests.state, ['sent', 'opened'])))
      .returning({ id: applicationRequests.id });
    const [updated] = await tx
      .update(applicationRequests)
      .set({ draft, updatedAt: ctx.now })
      .where(eq(applicationRequests.id, row!.id))
      .returning();
    await logApplicationStep(tx, ctx.applicant, {
      action: 'save',
      requestId: row!.id,
      merchantId: row!.merchantId,
      summary: first.length ? 'The merchant started filling in the application' : undefined,
      at: ctx.now,
      details: { step: input.step, fields: fieldsOf(input) },
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
