import type { PossibleDuplicate } from '@boardwalk/shared';
import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchants } from '../../../db/schema/merchants.ts';
import { stages } from '../../../db/schema/stages.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import { normalisePhone } from '../../../lib/phone.ts';
import { withRevealBudget } from '../reveal/merchant-reveal.service.ts';
import { bankAccountFingerprint, fingerprintOf } from '../record/merchant-sensitive.ts';
import { merchantNotFound, type MerchantCaller } from '../record/merchant-store.ts';

export const MAX_DUPLICATES = 20;

/** What two merchants are compared on: keyed fingerprints, never clear values. */
export type DuplicateKeys = {
  taxIdFingerprint: string | null;
  bankAccountFingerprint: string | null;
  dbaName: string;
  contactPhone: string;
};

/**
 * Merchants sharing a tax id, a bank account (routing + account number), or a DBA name (any case)
 * and contact phone (both non-empty) with the keys: deleted and terminated ones included (a
 * re-application of a terminated merchant is what the desk must catch), at most 20, newest first.
 */
export async function findDuplicates(db: Db, keys: DuplicateKeys, exceptId?: string): Promise<PossibleDuplicate[]> {
  const m = merchants;
  const dba = keys.dbaName.trim().toLowerCase();
  // Stored numbers are normalised (decision 083): the typed one is compared the same way.
  const phone = normalisePhone(keys.contactPhone);
  const byTaxId = keys.taxIdFingerprint ? eq(m.taxIdFingerprint, keys.taxIdFingerprint) : undefined;
  const byBank = keys.bankAccountFingerprint ? eq(m.bankAccountFingerprint, keys.bankAccountFingerprint) : undefined;
  const byNamePhone =
    dba !== '' && phone !== '' ? and(sql`lower(${m.dbaName}) = ${dba}`, eq(m.contactPhone, phone)) : undefined;
  const conditions = [byTaxId, byBank, byNamePhone].filter((c): c is SQL => c !== undefined);
  if (conditions.length === 0) return [];
  const flag = (condition: SQL | undefined) => (condition ? sql<boolean>`(${condition})` : sql<boolean>`false`);
  const rows = await db
    .select({
      id: m.id,
      dbaName: m.dbaName,
      deletedAt: m.deletedAt,
      stage: {
        id: stages.id,
        name: stages.name,
        pipeline: stages.pipeline,
        color: stages.color,
        slaHours: stages.slaHours,
      },
      taxId: flag(byTaxId),
      bankAccount: flag(byBank),
      dbaNameAndPhone: flag(byNamePhone),
    })
    .from(m)
    .innerJoin(stages, eq(stages.id, m.stageId))
    .where(and(or(...conditions), exceptId ? ne(m.id, exceptId) : undefined))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(MAX_DUPLICATES);
  return rows.map((r) => ({
    id: r.id,
    dbaName: r.dbaName,
    stage: r.stage,
    deleted: r.deletedAt !== null,
    reasons: (['taxId', 'bankAccount', 'dbaNameAndPhone'] as const).filter((reason) => r[reason]),
  }));
}

export type SensitiveIdentifier = 'taxId' | 'bankAccount';

/**
 * The sensitive identifiers a comparison uses. An answer to "who holds this tax id / bank
 * account" is a reveal of who holds it (the masked value shows the last 4 digits, leaving few
 * enough guesses to try them all), so such a lookup spends the reveal budget and is audited.
 */
function identifiersOf(keys: DuplicateKeys): SensitiveIdentifier[] {
  const kinds: SensitiveIdentifier[] = [];
  if (keys.taxIdFingerprint) kinds.push('taxId');
  if (keys.bankAccountFingerprint) kinds.push('bankAccount');
  return kinds;
}

/**
 * findDuplicates as a caller's lookup: free by DBA name and phone alone; by a tax id or bank
 * account, charged to the caller's reveal budget (429 past it) with one `merchant.lookup` audit
 * row in the answer's transaction naming the actor, the kinds of identifier and the merchants
 * found, never the value.
 */
async function lookUp(
  db: Db,
  caller: Caller,
  keys: DuplicateKeys,
  subject: { merchantId: string } | undefined,
): Promise<PossibleDuplicate[]> {
  const [first, ...rest] = identifiersOf(keys);
  if (first === undefined) return findDuplicates(db, keys, subject?.merchantId);
  const charge = { action: 'lookup', subjectId: subject?.merchantId ?? null, identifiers: [first, ...rest] } as const;
  return withRevealBudget(db, caller, charge, async (tx) => {
    const found = await findDuplicates(tx, keys, subject?.merchantId);
    return { result: found, changes: { matched: found.map((d) => d.id) } };
  });
}

/**
 * GET /api/merchants/{id}/duplicates: compared on the merchant's own stored keys. Counted like
 * any lookup when they include a sensitive identifier: otherwise writing a guess into a merchant
 * and reading this would be the same oracle as the check below.
 */
export async function duplicatesOfMerchant(db: Db, caller: Caller, id: string): Promise<PossibleDuplicate[]> {
  const [row] = await db
    .select({
      taxIdFingerprint: merchants.taxIdFingerprint,
      bankAccountFingerprint: merchants.bankAccountFingerprint,
      dbaName: merchants.dbaName,
      contactPhone: merchants.contactPhone,
    })
    .from(merchants)
    .where(eq(merchants.id, id));
  if (!row) throw merchantNotFound();
  return lookUp(db, caller, row, { merchantId: id });
}

/** POST /api/merchants/duplicates: the add form asks before saving, with the values typed so far. */
export async function duplicatesOfInput(
  db: Db,
  caller: MerchantCaller,
  input: { dbaName?: string; contactPhone?: string; taxId?: string; routingNumber?: string; accountNumber?: string },
): Promise<PossibleDuplicate[]> {
  const key = caller.encryptionKey;
  return lookUp(
    db,
    caller,
    {
      taxIdFingerprint: input.taxId ? fingerprintOf(input.taxId, key) : null,
      bankAccountFingerprint: bankAccountFingerprint(input.routingNumber ?? '', input.accountNumber ?? '', key),
      dbaName: input.dbaName ?? '',
      contactPhone: input.contactPhone ?? '',
    },
    undefined,
  );
}
