import {
  MERCHANT_SENSITIVE_FIELDS,
  parseSealedDraftValue,
  type MerchantImportMapping,
  type PossibleDuplicate,
} from '@boardwalk/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantExternalIds } from '../../db/schema/merchant-imports.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { normalisePhone } from '../../lib/phone.ts';
import { MAX_DUPLICATES } from '../merchants/duplicates/merchant-duplicates.service.ts';
import { bankAccountFingerprint, fingerprintOf } from '../merchants/record/merchant-sensitive.ts';
import { toImportRow, type ImportRow } from './import-rows.ts';

const CHUNK = 1_000;

export type PlannedRow = ImportRow & { merchantId: string | null; duplicates: PossibleDuplicate[] };

/** The merchant ids the external ids already name. */
export async function merchantsByExternalId(db: Db, externalIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let at = 0; at < externalIds.length; at += CHUNK) {
    const rows = await db
      .select()
      .from(merchantExternalIds)
      .where(inArray(merchantExternalIds.externalId, externalIds.slice(at, at + CHUNK)));
    for (const row of rows) found.set(row.externalId, row.merchantId);
  }
  return found;
}

type Keys = { tax: string | null; bank: string | null; namePhone: string | null };

function keysOf(row: ImportRow, encryptionKey: string): Keys {
  const input = row.input;
  if (!input) return { tax: null, bank: null, namePhone: null };
  const dba = input.dbaName.trim().toLowerCase();
  const phone = normalisePhone(input.contactPhone ?? '');
  return {
    tax: input.taxId ? fingerprintOf(input.taxId, encryptionKey) : null,
    bank: bankAccountFingerprint(input.routingNumber ?? '', input.accountNumber ?? '', encryptionKey),
    namePhone: dba !== '' && phone !== '' ? `${dba}\u001f${phone}` : null,
  };
}

/**
 * The duplicate check of the add form (findDuplicates: same tax id, same bank account, or same
 * DBA name and phone, deleted merchants included), asked for a whole file at once: one query per
 * thousand rows instead of one per row.
 */
async function duplicatesOf(db: Db, keys: Keys[]): Promise<Map<number, PossibleDuplicate[]>> {
  const byRow = new Map<number, PossibleDuplicate[]>();
  for (let at = 0; at < keys.length; at += CHUNK) {
    const chunk = keys.slice(at, at + CHUNK);
    const taxes = [...new Set(chunk.map((k) => k.tax).filter((v): v is string => v !== null))];
    const banks = [...new Set(chunk.map((k) => k.bank).filter((v): v is string => v !== null))];
    const pairs = [...new Set(chunk.map((k) => k.namePhone).filter((v): v is string => v !== null))];
    const conditions: SQL[] = [];
    if (taxes.length) conditions.push(inArray(merchants.taxIdFingerprint, taxes));
    if (banks.length) conditions.push(inArray(merchants.bankAccountFingerprint, banks));
    if (pairs.length) {
      conditions.push(
        sql`(lower(${merchants.dbaName}) || chr(31) || ${merchants.contactPhone}) in (${sql.join(
          pairs.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      );
    }
    if (conditions.length === 0) continue;
    const found = await db
      .select({
        id: merchants.id,
        dbaName: merchants.dbaName,
        deletedAt: merchants.deletedAt,
        contactPhone: merchants.contactPhone,
        tax: merchants.taxIdFingerprint,
        bank: merchants.bankAccountFingerprint,
        stage: {
          id: stages.id,
          name: stages.name,
          pipeline: stages.pipeline,
          color: stages.color,
          slaHours: stages.slaHours,
        },
      })
      .from(merchants)
      .innerJoin(stages, eq(stages.id, merchants.stageId))
      .where(and(or(...conditions)));
    chunk.forEach((k, i) => {
      const matches: PossibleDuplicate[] = [];
      for (const m of found) {
        const reasons: PossibleDuplicate['reasons'] = [];
        if (k.tax && m.tax === k.tax) reasons.push('taxId');
        if (k.bank && m.bank === k.bank) reasons.push('bankAccount');
        if (k.namePhone && `${m.dbaName.toLowerCase()}\u001f${m.contactPhone}` === k.namePhone)
          reasons.push('dbaNameAndPhone');
        if (reasons.length && matches.length < MAX_DUPLICATES) {
          matches.push({ id: m.id, dbaName: m.dbaName, stage: m.stage, deleted: m.deletedAt !== null, reasons });
        }
      }
      if (matches.length) byRow.set(at + i, matches);
    });
  }
  return byRow;
}

/**
 * What an import would do with each row, writing nothing: the row checked with the create
 * schema, the merchant its external id names (an update), or a create with its possible
 * duplicates. An external id twice in the file is an error on the later line.
 */
export async function planImport(
  db: Db,
  rows: string[][],
  mapping: MerchantImportMapping,
  encryptionKey: string,
  options: { duplicates: boolean },
): Promise<PlannedRow[]> {
  const parsed = rows.map((cells, index) => toImportRow(cells, index, mapping));
  const seen = new Map<string, number>();
  for (const row of parsed) {
    if (row.input) {
      const sealed = MERCHANT_SENSITIVE_FIELDS.filter((f) => parseSealedDraftValue(row.input[f]) !== null);
      if (sealed.length)
        Object.assign(row, {
          input: undefined,
          errors: Object.fromEntries(sealed.map((f) => [f, ['Enter the value in clear']])),
        });
    }
    if (row.externalId === '') continue;
    const first = seen.get(row.externalId);
    if (first === undefined) seen.set(row.externalId, row.line);
    else
      Object.assign(row, {
        input: undefined,
        errors: { ...row.errors, externalId: [`This external id is on line ${first} already`] },
      });
  }
  const existing = await merchantsByExternalId(db, [...seen.keys()]);
  const duplicates = options.duplicates
    ? await duplicatesOf(
        db,
        parsed.map((r) => keysOf(r, encryptionKey)),
      )
    : new Map();
  return parsed.map((row, i) => {
    const merchantId = row.externalId === '' ? null : (existing.get(row.externalId) ?? null);
    // An update of the merchant itself is not a duplicate of it.
    const found = (duplicates.get(i) ?? []).filter((d: PossibleDuplicate) => d.id !== merchantId);
    return { ...row, merchantId, duplicates: found };
  });
}
