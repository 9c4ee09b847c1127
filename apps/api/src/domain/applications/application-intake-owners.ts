import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationOwnerKeys } from '../../db/schema/application-intake.ts';
import { merchantOwners } from '../../db/schema/merchants.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { sameValue } from '../../lib/db/changes.ts';
import { ProblemError } from '../../lib/problem.ts';
import { ownerName, toOwner, type OwnerRecord } from '../merchants/owners/merchant-owner-row.ts';
import { addOwner, removeOwner, writeOwnerFields } from '../merchants/owners/merchant-owners.service.ts';
import { openSensitive } from '../merchants/record/merchant-sensitive.ts';
import type { RecordWriter } from '../merchants/record/record-writer.ts';
import type { OwnerAnswer } from './application-answers.ts';
import { theirsOf, type Conflict } from './application-conflict-values.ts';

/**
 * The owners of a signed application into the record (docs/decisions/108), through the owners'
 * own writes: owners the merchant removed first (room in the 100 %), then those they changed,
 * then new ones. An owner someone else touched since the request was sent is not removed, and
 * its fields someone else changed are not overwritten: each is a conflict. A write the record
 * refuses (the shares over 100 %, more than 10 owners) becomes a conflict too, not a failure of
 * the signature that carried it.
 */

const PLAIN = ['firstName', 'lastName', 'title', 'ownershipPercent', 'email', 'phone'] as const;
const SEALED = { ssn: 'ssnEnc', dateOfBirth: 'dateOfBirthEnc' } as const;

type Outcome = { written: string[]; conflicts: Conflict[] };

/** Runs a write in a savepoint: a refusal undoes its part only and comes back as its message. */
async function attempt(tx: Db, write: (sp: Db) => Promise<unknown>): Promise<string | null> {
  try {
    await tx.transaction((sp) => write(sp as unknown as Db));
    return null;
  } catch (error) {
    if (error instanceof ProblemError && error.status < 500) return error.message;
    throw error;
  }
}

export async function takeInOwners(
  tx: Db,
  writer: RecordWriter,
  request: { id: string; merchantId: string },
  sent: OwnerAnswer[],
  changed: Set<string>,
): Promise<Outcome> {
  const { merchantId } = request;
  const out: Outcome = { written: [], conflicts: [] };
  // New owners an earlier intake of this request wrote answer to their record owner now.
  const added = await tx
    .select({ draftKey: applicationOwnerKeys.draftKey, ownerId: applicationOwnerKeys.ownerId })
    .from(applicationOwnerKeys)
    .where(eq(applicationOwnerKeys.requestId, request.id));
  const mapped = new Map(added.map((a) => [a.draftKey, a.ownerId]));
  const answers = sent.map((a) => ({ ...a, draftKey: a.key, key: mapped.get(a.key) ?? a.key }));
  const live: OwnerRecord[] = await tx
    .select()
    .from(merchantOwners)
    .where(and(eq(merchantOwners.merchantId, merchantId), isNull(merchantOwners.deletedAt)))
    .orderBy(asc(merchantOwners.position), asc(merchantOwners.createdAt));
  const keys = new Set(answers.map((a) => a.key));
  const touched = (id: string) => [...changed].some((f) => f.startsWith(`owner.${id}.`));

  for (const owner of live.filter((o) => !keys.has(o.id))) {
    const field = `owner.${owner.id}.removed`;
    const refused = touched(owner.id)
      ? 'changed by staff'
      : await attempt(tx, (sp) => removeOwner(sp, writer, merchantId, owner.id));
    if (refused) out.conflicts.push({ field, ours: { shown: ownerName(owner) }, theirs: { shown: 'removed' } });
    else out.written.push(field);
  }

  for (const answer of answers) {
    const owner = live.find((o) => o.id === answer.key);
    if (owner) await takeInOwner(tx, writer, owner, answer, changed, out);
    else await addNew(tx, writer, request, answer, out);
  }
  return out;
}

async function takeInOwner(
  tx: Db,
  writer: RecordWriter,
  owner: OwnerRecord,
  answer: OwnerAnswer,
  changed: Set<string>,
  out: Outcome,
) {
  const write: Record<string, unknown> = {};
  const asConflict: string[] = [];
  for (const field of [...PLAIN, ...(Object.keys(SEALED) as (keyof typeof SEALED)[])]) {
    const theirs = answer.input[field];
    if (theirs === undefined) continue;
    const current =
      field in SEALED
        ? openSensitive(owner[SEALED[field as keyof typeof SEALED]], writer.encryptionKey)
        : owner[field as keyof OwnerRecord];
    if (sameValue(current, theirs)) continue;
    if (changed.has(`owner.${owner.id}.${field}`)) asConflict.push(field);
    else write[field] = theirs;
  }
  const refused =
    Object.keys(write).length === 0 ? null : await attempt(tx, (sp) => writeOwnerFields(sp, writer, owner, write));
  if (refused) asConflict.push(...Object.keys(write));
  else out.written.push(...Object.keys(write).map((f) => `owner.${owner.id}.${f}`));
  const shown = toOwner(owner);
  for (const field of asConflict) {
    const key = `owner.${owner.id}.${field}`;
    out.conflicts.push({
      field: key,
      ours: { shown: shown[field as keyof typeof shown] ?? null },
      theirs: theirsOf(key, answer.input[field as keyof typeof answer.input], writer.encryptionKey),
    });
  }
}

/** A new owner; refused (shares, count), it waits as a conflict holding the answer, sealed parts sealed. */
async function addNew(
  tx: Db,
  writer: RecordWriter,
  request: { id: string; merchantId: string },
  answer: OwnerAnswer,
  out: Outcome,
) {
  const refused = await attempt(tx, async (sp) => {
    const owner = await addOwner(sp, writer, request.merchantId, answer.input);
    const at = { createdAt: writer.now, updatedAt: writer.now };
    await sp
      .insert(applicationOwnerKeys)
      .values({ requestId: request.id, draftKey: answer.key, ownerId: owner.id, ...at });
  });
  if (!refused) {
    out.written.push(`owner.new.${answer.key}`);
    return;
  }
  const { ssn, dateOfBirth, ...plain } = answer.input;
  out.conflicts.push({
    field: `owner.new.${answer.key}`,
    ours: { shown: refused },
    theirs: {
      shown: ownerName(answer.input),
      value: plain,
      enc: encryptSecret(JSON.stringify({ ssn, dateOfBirth }), writer.encryptionKey),
    },
  });
}
