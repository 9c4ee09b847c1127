import type { MerchantDraft } from '@boardwalk/shared';
import { INVALID_TEXT_MESSAGE, isCleanText } from '@boardwalk/shared/schemas/fields';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantDrafts, type SealedDraftValues } from '../../../db/schema/merchants.ts';
import { decryptSecret, encryptSecret } from '../../../lib/crypto.ts';
import { assertCurrentVersion } from '../../../lib/crud/precondition.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { sealDraftData } from './merchant-draft-sealing.ts';
import type { MerchantCaller } from '../record/merchant-store.ts';

/** Drafts kept per user: the add form needs one or two; a cap keeps a loop from filling the disk. */
export const MAX_DRAFTS = 20;
export const MAX_DRAFTS_DETAIL = `You have ${MAX_DRAFTS} saved drafts. Delete one you no longer need first.`;
export const STALE_DRAFT_DETAIL =
  'This draft was saved from another tab or device since you opened it. Reload it to continue from there.';
/** How deep the form values may nest (the form is two levels deep: owners[i].field). */
const MAX_DEPTH = 16;

type DraftInput = { step: number; data: Record<string, unknown>; updatedAt?: string | undefined };
type DraftRow = typeof merchantDrafts.$inferSelect;

const draftNotFound = () => new ProblemError(404, 'No draft with this id.');

/**
 * The form values are kept as typed (validated only on save), but still as text PostgreSQL and
 * JSON can hold: every string well-formed Unicode without NUL, and a bounded depth. Walked
 * without recursion, so a deeply nested body cannot exhaust the stack.
 */
function assertStorable(data: Record<string, unknown>) {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: data, path: 'data', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isCleanText(value)) throw fieldProblem(path, INVALID_TEXT_MESSAGE);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) throw fieldProblem(path, 'The draft is nested too deeply');
    for (const [key, child] of Object.entries(value)) {
      if (!isCleanText(key)) throw fieldProblem(path, INVALID_TEXT_MESSAGE);
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
}

const fieldProblem = (field: string, message: string) =>
  new ProblemError(400, message, { errors: { [field]: [message] } });

/** The drafts list shows the DBA name typed so far. */
function titleOf(data: Record<string, unknown>): string {
  return typeof data.dbaName === 'string' ? data.dbaName.trim().slice(0, 160) : '';
}

function toDraft(row: DraftRow, encryptionKey: string): MerchantDraft {
  return {
    id: row.id,
    step: row.step,
    title: row.title,
    // Sensitive values are not in here: only their sealed stand-ins (decision 074).
    data: JSON.parse(decryptSecret(row.dataEnc, encryptionKey)) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a draft's values: the form's values encrypted whole, the sensitive ones apart. */
function sealedColumns(data: Record<string, unknown>, kept: SealedDraftValues, encryptionKey: string, strict: boolean) {
  const sealed = sealDraftData(data, kept, encryptionKey, strict);
  return {
    title: titleOf(sealed.data),
    dataEnc: encryptSecret(JSON.stringify(sealed.data), encryptionKey),
    sealedValues: sealed.sealed,
  };
}

/**
 * A draft an older version stored with its sensitive values among the others (`sealed_values`
 * null) gets them sealed before anything answers it; updatedAt stays (nothing the user changed).
 * Another process sealing it at the same moment is fine: the row is read again.
 */
async function sealedRow(db: Db, row: DraftRow, encryptionKey: string): Promise<DraftRow> {
  if (row.sealedValues !== null) return row;
  const data = JSON.parse(decryptSecret(row.dataEnc, encryptionKey)) as Record<string, unknown>;
  const [updated] = await db
    .update(merchantDrafts)
    .set(sealedColumns(data, {}, encryptionKey, false))
    .where(and(eq(merchantDrafts.id, row.id), isNull(merchantDrafts.sealedValues)))
    .returning();
  if (updated) return updated;
  const [current] = await db.select().from(merchantDrafts).where(eq(merchantDrafts.id, row.id));
  return current ?? row;
}

/**
 * Start-up step: seals the sensitive values of every draft an older version left among the
 * others. It needs the encryption key, which SQL migrations do not have. Returns how many.
 */
export async function sealLegacyDrafts(db: Db, encryptionKey: string): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await db.select().from(merchantDrafts).where(isNull(merchantDrafts.sealedValues)).limit(100);
    for (const row of rows) await sealedRow(db, row, encryptionKey);
    sealed += rows.length;
    if (rows.length < 100) return sealed;
  }
}

const own = (caller: MerchantCaller, id: string) =>
  and(eq(merchantDrafts.id, id), eq(merchantDrafts.userId, caller.actor.userId));

/** GET /api/merchant-drafts: the caller's own drafts, newest first. */
export async function listDrafts(db: Db, caller: MerchantCaller): Promise<MerchantDraft[]> {
  const rows = await db
    .select()
    .from(merchantDrafts)
    .where(eq(merchantDrafts.userId, caller.actor.userId))
    .orderBy(desc(merchantDrafts.updatedAt), desc(merchantDrafts.id));
  const drafts: MerchantDraft[] = [];
  for (const row of rows) drafts.push(toDraft(await sealedRow(db, row, caller.encryptionKey), caller.encryptionKey));
  return drafts;
}

/** GET /api/merchant-drafts/{id}: another user's draft is a 404, as if it did not exist. */
export async function getDraft(db: Db, caller: MerchantCaller, id: string): Promise<MerchantDraft> {
  const [row] = await db.select().from(merchantDrafts).where(own(caller, id));
  if (!row) throw draftNotFound();
  return toDraft(await sealedRow(db, row, caller.encryptionKey), caller.encryptionKey);
}

/**
 * The sealed values of the caller's own draft, the draft locked until the transaction ends (the
 * merchant created from it deletes it); null when the caller has no draft with this id.
 */
export async function lockOwnDraftValues(
  tx: Db,
  caller: MerchantCaller,
  id: string,
): Promise<SealedDraftValues | null> {
  const [row] = await tx
    .select({ sealedValues: merchantDrafts.sealedValues })
    .from(merchantDrafts)
    .where(own(caller, id))
    .for('update');
  return row ? (row.sealedValues ?? {}) : null;
}

/** POST /api/merchant-drafts: the form values encrypted whole, the sensitive ones sealed apart. */
export async function createDraft(db: Db, caller: MerchantCaller, input: DraftInput): Promise<MerchantDraft> {
  assertStorable(input.data);
  const { actor, now, encryptionKey } = caller;
  const columns = sealedColumns(input.data, {}, encryptionKey, true);
  return db.transaction(async (tx) => {
    // Per-user lock: two tabs creating at once cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`merchant-drafts:${actor.userId}`}, 0))`);
    const [counted] = await tx
      .select({ n: count() })
      .from(merchantDrafts)
      .where(eq(merchantDrafts.userId, actor.userId));
    if ((counted?.n ?? 0) >= MAX_DRAFTS) throw new ProblemError(409, MAX_DRAFTS_DETAIL);
    const [row] = await tx
      .insert(merchantDrafts)
      .values({ userId: actor.userId, step: input.step, ...columns, createdAt: now, updatedAt: now })
      .returning();
    return toDraft(row!, encryptionKey);
  });
}

/**
 * PUT /api/merchant-drafts/{id}: the whole draft; updatedAt as last read is required, stale → 409.
 * A sensitive value sent back sealed keeps the stored one; one typed again replaces it.
 */
export async function saveDraft(db: Db, caller: MerchantCaller, id: string, input: DraftInput): Promise<MerchantDraft> {
  assertStorable(input.data);
  const { now, encryptionKey } = caller;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(merchantDrafts).where(own(caller, id)).for('update');
    if (!current) throw draftNotFound();
    assertCurrentVersion(input.updatedAt, current.updatedAt, STALE_DRAFT_DETAIL);
    const [row] = await tx
      .update(merchantDrafts)
      .set({
        step: input.step,
        ...sealedColumns(input.data, current.sealedValues ?? {}, encryptionKey, true),
        updatedAt: now,
      })
      .where(eq(merchantDrafts.id, id))
      .returning();
    return toDraft(row!, encryptionKey);
  });
}

/** DELETE /api/merchant-drafts/{id}: gone for good (a draft is not a business record). */
export async function deleteDraft(db: Db, caller: MerchantCaller, id: string): Promise<void> {
  const deleted = await db.delete(merchantDrafts).where(own(caller, id)).returning({ id: merchantDrafts.id });
  if (deleted.length === 0) throw draftNotFound();
}
