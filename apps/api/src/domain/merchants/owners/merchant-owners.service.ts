import {
  maskLast4,
  OWNERSHIP_TOTAL_MESSAGE,
  ownershipTotalOk,
  type CreateOwnerInput,
  type Owner,
  type UpdateOwnerInput,
} from '@boardwalk/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantOwners, merchants } from '../../../db/schema/merchants.ts';
import { assertCurrentVersion } from '../../../lib/crud/precondition.ts';
import { sameValue } from '../../../lib/db/changes.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { normaliseOptionalPhone } from '../../../lib/phone.ts';
import { recordScoreInputsChanged, writeMerchantEvent } from '../record/merchant-events.ts';
import { ownerColumns, ownerName, sealDateOfBirth, sealSsn, toOwner, type OwnerRecord } from './merchant-owner-row.ts';
import { assertBodyId, auditMerchant } from '../record/merchant-record.service.ts';
import { openSensitive } from '../record/merchant-sensitive.ts';
import { inTransaction, lockMerchant, merchantNotFound } from '../record/merchant-store.ts';
import type { RecordWriter } from '../record/record-writer.ts';
import { underwritingOnOwnerChange } from '../../underwriting/record-hooks.ts';
import type { FieldChanges } from '../record/merchant-values.ts';

export const MAX_OWNERS = 10;
export const MAX_OWNERS_DETAIL = `A merchant has at most ${MAX_OWNERS} owners.`;
export const STALE_OWNER_DETAIL =
  'This owner was changed by someone else since you opened it. Reload to see the change.';
const ownerNotFound = () => new ProblemError(404, 'No owner with this id on this merchant.');

async function liveOwners(tx: Db, merchantId: string): Promise<OwnerRecord[]> {
  return tx
    .select()
    .from(merchantOwners)
    .where(and(eq(merchantOwners.merchantId, merchantId), isNull(merchantOwners.deletedAt)))
    .orderBy(asc(merchantOwners.position), asc(merchantOwners.createdAt));
}

function assertOwnershipTotal(owners: { ownershipPercent?: number }[]) {
  if (!ownershipTotalOk(owners)) {
    throw new ProblemError(400, OWNERSHIP_TOTAL_MESSAGE, { errors: { ownershipPercent: [OWNERSHIP_TOTAL_MESSAGE] } });
  }
}

/** GET /api/merchants/{id}/owners (a deleted merchant's too). */
export async function listOwners(db: Db, merchantId: string): Promise<Owner[]> {
  const [found] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  if (!found) throw merchantNotFound();
  return (await liveOwners(db, merchantId)).map(toOwner);
}

/** POST /api/merchants/{id}/owners: with the merchant locked, so two adds cannot pass 100 % together. */
export async function addOwner(
  db: Db,
  caller: RecordWriter,
  merchantId: string,
  input: CreateOwnerInput,
): Promise<Owner> {
  const { actor, now } = caller;
  return inTransaction(db, async (tx) => {
    await lockMerchant(tx, merchantId);
    const owners = await liveOwners(tx, merchantId);
    if (owners.length >= MAX_OWNERS) throw new ProblemError(409, MAX_OWNERS_DETAIL);
    assertOwnershipTotal([...owners, input]);
    const [row] = await tx
      .insert(merchantOwners)
      .values({
        ...ownerColumns(input, caller.encryptionKey),
        merchantId,
        position: Math.max(-1, ...owners.map((o) => o.position)) + 1,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const owner = row!;
    await writeMerchantEvent(tx, caller, merchantId, 'owner_added', { ownerId: owner.id, ownerName: ownerName(owner) });
    await auditMerchant(tx, caller, 'owner_add', merchantId, { ownerId: owner.id, ...shownOwner(owner) });
    await underwritingOnOwnerChange(tx, caller, merchantId);
    await recordScoreInputsChanged(tx, caller, merchantId, 'owners');
    return toOwner(owner);
  });
}

/** What the audit row shows of a new owner: the same masked values as every answer. */
function shownOwner(owner: OwnerRecord): FieldChanges {
  const shown = toOwner(owner);
  const fields = [
    'firstName',
    'lastName',
    'title',
    'ownershipPercent',
    'email',
    'phone',
    'dateOfBirth',
    'ssn',
  ] as const;
  return Object.fromEntries(fields.map((f) => [f, { from: null, to: shown[f] }]));
}

const PLAIN_OWNER_FIELDS = ['firstName', 'lastName', 'title', 'ownershipPercent', 'email', 'phone'] as const;

export async function lockOwner(tx: Db, merchantId: string, ownerId: string): Promise<OwnerRecord> {
  const [owner] = await tx
    .select()
    .from(merchantOwners)
    .where(
      and(eq(merchantOwners.id, ownerId), eq(merchantOwners.merchantId, merchantId), isNull(merchantOwners.deletedAt)),
    )
    .for('update');
  if (!owner) throw ownerNotFound();
  return owner;
}

/** PATCH /api/merchants/{id}/owners/{ownerId}: updatedAt required (428), stale → 409. */
export async function updateOwner(
  db: Db,
  caller: RecordWriter,
  merchantId: string,
  ownerId: string,
  input: UpdateOwnerInput,
): Promise<Owner> {
  const { id: bodyId, updatedAt, ...fields } = input;
  assertBodyId(bodyId, ownerId);
  return inTransaction(db, async (tx) => {
    await lockMerchant(tx, merchantId);
    const owner = await lockOwner(tx, merchantId, ownerId);
    assertCurrentVersion(updatedAt, owner.updatedAt, STALE_OWNER_DETAIL);
    return writeOwnerFields(tx, caller, owner, fields);
  });
}

/**
 * The body of an owner's update, on an owner the caller locked (with its merchant): the one path
 * by which an owner's fields change, staff's edit or the application's intake (docs/decisions/108).
 */
export async function writeOwnerFields(
  tx: Db,
  caller: RecordWriter,
  owner: OwnerRecord,
  fields: Omit<UpdateOwnerInput, 'id' | 'updatedAt'>,
): Promise<Owner> {
  const { actor, now, encryptionKey } = caller;
  const { merchantId, id: ownerId } = owner;
  const set: Partial<OwnerRecord> = {};
  const changes: FieldChanges = {};
  for (const field of PLAIN_OWNER_FIELDS) {
    const to = field === 'phone' ? normaliseOptionalPhone(fields.phone) : fields[field];
    if (to === undefined || sameValue(owner[field], to)) continue;
    Object.assign(set, { [field]: to });
    changes[field] = { from: owner[field], to };
  }
  if (fields.ssn !== undefined && fields.ssn !== openSensitive(owner.ssnEnc, encryptionKey)) {
    const sealed = sealSsn(fields.ssn, encryptionKey);
    Object.assign(set, sealed);
    changes.ssn = { from: maskLast4(owner.ssnLast4), to: maskLast4(sealed.ssnLast4) };
  }
  const dob = fields.dateOfBirth === undefined ? undefined : (fields.dateOfBirth ?? '');
  if (dob !== undefined && dob !== openSensitive(owner.dateOfBirthEnc, encryptionKey)) {
    const sealed = sealDateOfBirth(dob, encryptionKey);
    Object.assign(set, sealed);
    changes.dateOfBirth = { from: maskLast4(owner.dateOfBirthLast4), to: maskLast4(sealed.dateOfBirthLast4) };
  }
  if (Object.keys(changes).length === 0) return toOwner(owner);
  if (set.ownershipPercent !== undefined) {
    const others = (await liveOwners(tx, merchantId)).filter((o) => o.id !== ownerId);
    assertOwnershipTotal([...others, { ownershipPercent: set.ownershipPercent }]);
  }
  const [row] = await tx
    .update(merchantOwners)
    .set({ ...set, updatedAt: now, updatedBy: actor.userId })
    .where(eq(merchantOwners.id, ownerId))
    .returning();
  const updated = row!;
  await writeMerchantEvent(tx, caller, merchantId, 'owner_updated', {
    ownerId,
    ownerName: ownerName(updated),
    changes,
  });
  await auditMerchant(tx, caller, 'owner_update', merchantId, { ownerId, ...changes });
  if (changes.firstName || changes.lastName || changes.dateOfBirth) {
    await underwritingOnOwnerChange(tx, caller, merchantId);
    await recordScoreInputsChanged(tx, caller, merchantId, 'screening');
  }
  return toOwner(updated);
}

/** DELETE /api/merchants/{id}/owners/{ownerId}: soft, like every business record. */
export async function removeOwner(db: Db, caller: RecordWriter, merchantId: string, ownerId: string): Promise<void> {
  const { actor, now } = caller;
  await inTransaction(db, async (tx) => {
    await lockMerchant(tx, merchantId);
    const owner = await lockOwner(tx, merchantId, ownerId);
    await tx
      .update(merchantOwners)
      .set({ deletedAt: now, updatedAt: now, updatedBy: actor.userId })
      .where(eq(merchantOwners.id, ownerId));
    await writeMerchantEvent(tx, caller, merchantId, 'owner_removed', { ownerId, ownerName: ownerName(owner) });
    await auditMerchant(tx, caller, 'owner_remove', merchantId, { ownerId, name: ownerName(owner) });
    await recordScoreInputsChanged(tx, caller, merchantId, 'owners');
  });
}
