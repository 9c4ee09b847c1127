import type { ApplicationConflict } from '@boardwalk/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationConflicts } from '../../db/schema/application-intake.ts';
import { merchantOwners } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { ProblemError } from '../../lib/problem.ts';
import { ownerName } from '../merchants/owners/merchant-owner-row.ts';
import { addOwner, lockOwner, removeOwner, writeOwnerFields } from '../merchants/owners/merchant-owners.service.ts';
import { findMerchant } from '../merchants/notes/merchant-notes.service.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';
import { writeMerchantFields } from '../merchants/record/merchant-record.service.ts';
import { inTransaction, lockMerchant, type MerchantCaller } from '../merchants/record/merchant-store.ts';
import { logApplicationStep } from './application-log.ts';

/**
 * Staff's side of the conflicts a signed application left (docs/decisions/108): listed on the
 * Application tab, each settled once: the merchant's answer taken (written through the record's
 * own write, by the staff member who chose it) or the record's value kept. Both are audited and
 * on the timeline.
 */

type Row = typeof applicationConflicts.$inferSelect;

/** `owner.<id>.<field>` → the owner's id and field; null for a merchant field. */
function ownerPart(field: string): { id: string; part: string } | null {
  const match = /^owner\.([^.]+)\.(.+)$/.exec(field);
  return match ? { id: match[1]!, part: match[2]! } : null;
}

/** A field in words, for the timeline: `contactFirstName` → `contact first name`. */
function words(name: string): string {
  return name.replace(/([A-Z])/g, ' $1').toLowerCase();
}

function describe(field: string, owner: string | null): string {
  const parts = ownerPart(field);
  if (!parts) return words(field);
  if (parts.id === 'new') return `the new owner ${owner ?? ''}`.trim();
  if (parts.part === 'removed') return `the removal of the owner ${owner ?? ''}`.trim();
  return `the ${words(parts.part)} of the owner ${owner ?? ''}`.trim();
}

export async function listConflicts(db: Db, merchantId: string): Promise<ApplicationConflict[]> {
  await findMerchant(db, merchantId, 'read');
  const rows = await db
    .select({ c: applicationConflicts, settlerName: userNameOf(users) })
    .from(applicationConflicts)
    .leftJoin(users, eq(users.id, applicationConflicts.settledBy))
    .where(eq(applicationConflicts.merchantId, merchantId))
    .orderBy(desc(applicationConflicts.createdAt), applicationConflicts.field);
  const owners = await db
    .select({ id: merchantOwners.id, firstName: merchantOwners.firstName, lastName: merchantOwners.lastName })
    .from(merchantOwners)
    .where(eq(merchantOwners.merchantId, merchantId));
  return rows.map(({ c, settlerName }) => ({
    id: c.id,
    requestId: c.requestId,
    field: c.field,
    ownerName: nameOf(c, owners),
    ours: c.ours.shown ?? null,
    theirs: c.theirs.shown ?? null,
    state: c.state,
    createdAt: c.createdAt.toISOString(),
    settledAt: c.settledAt?.toISOString() ?? null,
    settledBy: c.settledBy ? { id: c.settledBy, name: settlerName ?? '' } : null,
  }));
}

function nameOf(c: Row, owners: { id: string; firstName: string; lastName: string }[]): string | null {
  const parts = ownerPart(c.field);
  if (!parts) return null;
  if (parts.id === 'new') return typeof c.theirs.shown === 'string' ? c.theirs.shown : null;
  const owner = owners.find((o) => o.id === parts.id);
  return owner ? ownerName(owner) : null;
}

/** The merchant's answer in clear: sealed ones opened (they are sealed again by the write). */
function answerOf(c: Row, encryptionKey: string): unknown {
  return c.theirs.enc ? decryptSecret(c.theirs.enc, encryptionKey) : c.theirs.value;
}

async function takeTheirs(tx: Db, caller: MerchantCaller, c: Row) {
  const parts = ownerPart(c.field);
  if (!parts) {
    const row = await lockMerchant(tx, c.merchantId);
    await writeMerchantFields(tx, caller, row, { [c.field]: answerOf(c, caller.encryptionKey) });
    return;
  }
  if (parts.id === 'new') {
    const sealed = c.theirs.enc ? JSON.parse(decryptSecret(c.theirs.enc, caller.encryptionKey)) : {};
    await addOwner(tx, caller, c.merchantId, { ...(c.theirs.value as object), ...sealed });
  } else if (parts.part === 'removed') {
    await removeOwner(tx, caller, c.merchantId, parts.id);
  } else {
    await lockMerchant(tx, c.merchantId);
    const owner = await lockOwner(tx, c.merchantId, parts.id);
    await writeOwnerFields(tx, caller, owner, { [parts.part]: answerOf(c, caller.encryptionKey) });
  }
}

/** Settles one open conflict: `theirs` writes the merchant's answer, `ours` keeps the record as it is. */
export async function settleConflict(
  db: Db,
  caller: MerchantCaller,
  merchantId: string,
  conflictId: string,
  choice: 'theirs' | 'ours',
): Promise<ApplicationConflict> {
  await inTransaction(db, async (tx) => {
    await findMerchant(tx, merchantId, 'write');
    const [c] = await tx
      .select()
      .from(applicationConflicts)
      .where(and(eq(applicationConflicts.id, conflictId), eq(applicationConflicts.merchantId, merchantId)))
      .for('update');
    if (!c) throw new ProblemError(404, 'No such conflict on this merchant.');
    if (c.state !== 'open') throw new ProblemError(409, 'This conflict was settled already.');
    if (choice === 'theirs') await takeTheirs(tx, caller, c);
    await tx
      .update(applicationConflicts)
      .set({
        state: choice === 'theirs' ? 'taken' : 'kept',
        settledBy: caller.actor.userId,
        settledAt: caller.now,
        updatedAt: caller.now,
      })
      .where(eq(applicationConflicts.id, c.id));
    const [shown] = (await listConflicts(tx, merchantId)).filter((x) => x.id === c.id);
    const what = describe(c.field, shown?.ownerName ?? null);
    await logApplicationStep(
      tx,
      { kind: 'staff', actor: caller.actor, ip: caller.ip },
      {
        action: choice === 'theirs' ? 'conflict_taken' : 'conflict_kept',
        requestId: c.requestId,
        merchantId,
        summary:
          choice === 'theirs'
            ? `took the merchant's answer for ${what}`
            : `kept the record's value over the merchant's answer for ${what}`,
        at: caller.now,
        details: { conflictId: c.id, field: c.field },
      },
    );
  });
  const [settled] = (await listConflicts(db, merchantId)).filter((x) => x.id === conflictId);
  return settled!;
}
