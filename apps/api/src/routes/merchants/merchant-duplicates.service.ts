import type { PossibleDuplicate } from '@boardwalk/shared';
import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { bankAccountFingerprint, fingerprintOf } from './merchant-sensitive.ts';
import { merchantNotFound } from './merchant-store.ts';

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
  const phone = keys.contactPhone.trim();
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

/** GET /api/merchants/{id}/duplicates: compared on the merchant's own stored keys. */
export async function duplicatesOfMerchant(db: Db, id: string): Promise<PossibleDuplicate[]> {
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
  return findDuplicates(db, row, id);
}

/** POST /api/merchants/duplicates: the add form asks before saving, with the values typed so far. */
export async function duplicatesOfInput(
  db: Db,
  input: { dbaName?: string; contactPhone?: string; taxId?: string; routingNumber?: string; accountNumber?: string },
  encryptionKey: string,
): Promise<PossibleDuplicate[]> {
  return findDuplicates(db, {
    taxIdFingerprint: input.taxId ? fingerprintOf(input.taxId, encryptionKey) : null,
    bankAccountFingerprint: bankAccountFingerprint(input.routingNumber ?? '', input.accountNumber ?? '', encryptionKey),
    dbaName: input.dbaName ?? '',
    contactPhone: input.contactPhone ?? '',
  });
}
