import { maskLast4, MERCHANT_SENSITIVE_FIELDS, type MerchantSensitiveField } from '@boardwalk/shared';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationConflicts } from '../../db/schema/application-intake.ts';
import { applicationRequests } from '../../db/schema/application-requests.ts';
import { merchantEvents } from '../../db/schema/merchants.ts';
import { sameValue } from '../../lib/db/changes.ts';
import { ProblemError } from '../../lib/problem.ts';
import { writeMerchantFields } from '../merchants/record/merchant-record.service.ts';
import { lockMerchant, type MerchantRecord } from '../merchants/record/merchant-store.ts';
import { clearValueOf } from '../merchants/record/merchant-values.ts';
import type { RecordWriter } from '../merchants/record/record-writer.ts';
import { answersOf } from './application-answers.ts';
import { theirsOf, type Conflict } from './application-conflict-values.ts';
import { takeInOwners } from './application-intake-owners.ts';
import { logApplicationStep } from './application-log.ts';

/**
 * A signed application into the merchant's record (docs/decisions/108). The answers go through
 * the record's own write (writeMerchantFields, writeOwnerFields, addOwner, removeOwner): the same
 * validation, encryption, masking, timeline and audit as a staff edit, with the merchant as the
 * writer. A field someone else changed after the request was sent (the timeline says so) and
 * whose answer differs is not written: it becomes a conflict staff settle on the Application tab.
 */

export type IntakeContext = {
  encryptionKey: string;
  now: Date;
  /** The device the application was signed on: the audit rows carry its IP and user agent. */
  applicant: { ip: string | null; userAgent: string | null };
};

export type IntakeResult = { written: string[]; conflicts: string[]; refused: string[] };

const SENSITIVE = new Set<string>(MERCHANT_SENSITIVE_FIELDS);
const WATCHED = ['updated', 'owner_updated', 'owner_added', 'owner_removed'];

/**
 * The fields changed by anyone but the merchant since `since`: `taxId`, `owner.<id>.<field>`, and
 * `owner.<id>.*` for an owner added or removed.
 */
export async function changedByOthers(tx: Db, merchantId: string, since: Date): Promise<Set<string>> {
  const rows = await tx
    .select({ type: merchantEvents.type, data: merchantEvents.data })
    .from(merchantEvents)
    .where(
      and(
        eq(merchantEvents.merchantId, merchantId),
        gte(merchantEvents.at, since),
        inArray(merchantEvents.type, WATCHED),
      ),
    );
  const changed = new Set<string>();
  for (const { type, data } of rows) {
    if (data.by === 'applicant') continue;
    const changes = Object.keys((data.changes as Record<string, unknown> | undefined) ?? {});
    if (type === 'updated') changes.forEach((f) => changed.add(f));
    else if (type === 'owner_updated') changes.forEach((f) => changed.add(`owner.${String(data.ownerId)}.${f}`));
    else changed.add(`owner.${String(data.ownerId)}.*`);
  }
  return changed;
}

function oursOf(row: MerchantRecord, field: string): Conflict['ours'] {
  if (SENSITIVE.has(field)) {
    const last4 = {
      taxId: row.taxIdLast4,
      routingNumber: row.routingNumberLast4,
      accountNumber: row.accountNumberLast4,
    };
    return { shown: maskLast4(last4[field as MerchantSensitiveField]) };
  }
  return { shown: row[field as keyof MerchantRecord] ?? null };
}

/**
 * Takes a signed request's draft into its merchant's record, inside the caller's transaction (the
 * one that records the last signature). Running it again (signed again after a change was asked)
 * writes only what still differs and replaces the request's unsettled conflicts.
 */
export async function takeInSignedApplication(tx: Db, requestId: string, ctx: IntakeContext): Promise<IntakeResult> {
  const [request] = await tx
    .select()
    .from(applicationRequests)
    .where(eq(applicationRequests.id, requestId))
    .for('update');
  if (!request) throw new ProblemError(404, 'No application request with this id.');
  if (request.state !== 'signed') throw new ProblemError(409, 'Only a signed application is taken into the record.');
  const { merchantId } = request;
  const writer: RecordWriter = {
    actor: { type: 'applicant', userId: null, userAgent: ctx.applicant.userAgent },
    ip: ctx.applicant.ip,
    now: ctx.now,
    encryptionKey: ctx.encryptionKey,
  };
  await tx
    .delete(applicationConflicts)
    .where(and(eq(applicationConflicts.requestId, requestId), eq(applicationConflicts.state, 'open')));
  const answers = answersOf(request, ctx.encryptionKey);
  const changed = await changedByOthers(tx, merchantId, request.createdAt);
  const row = await lockMerchant(tx, merchantId);
  const conflicts: Conflict[] = [];
  const write: Record<string, unknown> = {};
  for (const [field, theirs] of Object.entries(answers.fields)) {
    const current = SENSITIVE.has(field)
      ? clearValueOf(row, field as MerchantSensitiveField, ctx.encryptionKey)
      : row[field as keyof MerchantRecord];
    if (sameValue(current, theirs) || (current === null && theirs === '')) continue;
    if (changed.has(field))
      conflicts.push({ field, ours: oursOf(row, field), theirs: theirsOf(field, theirs, ctx.encryptionKey) });
    else write[field] = theirs;
  }
  await writeMerchantFields(tx, writer, row, write);
  const owners = answers.owners ? await takeInOwners(tx, writer, request, answers.owners, changed) : null;
  conflicts.push(...(owners?.conflicts ?? []));
  if (conflicts.length > 0) {
    await tx
      .insert(applicationConflicts)
      .values(conflicts.map((c) => ({ ...c, requestId, merchantId, createdAt: ctx.now, updatedAt: ctx.now })));
  }
  const written = [...Object.keys(write), ...(owners?.written ?? [])];
  const result = { written, conflicts: conflicts.map((c) => c.field), refused: answers.refused };
  const settle = conflicts.length === 1 ? '1 answer to settle' : `${conflicts.length} answers to settle`;
  await logApplicationStep(
    tx,
    { kind: 'applicant', ...ctx.applicant },
    {
      action: 'intake',
      requestId,
      merchantId,
      summary: `The merchant's signed application went into the record${conflicts.length ? ` (${settle})` : ''}`,
      at: ctx.now,
      details: result,
    },
  );
  return result;
}
