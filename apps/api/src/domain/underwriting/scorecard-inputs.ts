import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { industries } from '../../db/schema/industries.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { monthsSince, type ScoreInputs } from './scorecard-score.ts';

/** Merchants loaded per query: one query a batch, whatever the rules read. */
export const SCORE_BATCH = 200;

export type MerchantScoreInputs = {
  merchantId: string;
  dbaName: string;
  pipeline: string;
  inputs: ScoreInputs;
  /** What the record lacks, said beside the score (no start date: no business age). */
  notes: string[];
};

const m = merchants;
const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;

/**
 * The values the rules read, for a batch of merchants in ONE query: the record's own fields, its
 * industry's risk level, and counts of its open or confirmed hits, live documents and owners, and
 * possible duplicates (the duplicate check's keys: tax id or bank account fingerprint, or DBA
 * name with phone; each served by an index of merchants).
 */
async function loadBatch(db: Db, ids: string[], now: Date): Promise<MerchantScoreInputs[]> {
  const rows = await db
    .select({
      id: m.id,
      dbaName: m.dbaName,
      pipeline: m.pipeline,
      foundedOn: m.foundedOn,
      monthlyVolume: m.monthlyVolume,
      averageTicket: m.averageTicket,
      highTicket: m.highTicket,
      cardPresentPercent: m.cardPresentPercent,
      region: m.region,
      country: m.country,
      industryRisk: industries.riskLevel,
      openHits: count(
        sql`select count(*) from screening_hits h where h.merchant_id = ${m.id} and h.state in ('open', 'confirmed')`,
      ),
      documents: count(
        sql`select count(*) from merchant_documents d where d.merchant_id = ${m.id} and d.deleted_at is null`,
      ),
      owners: count(sql`select count(*) from merchant_owners o where o.merchant_id = ${m.id} and o.deleted_at is null`),
      duplicates: count(sql`select count(*) from merchants x where x.id <> ${m.id} and (
        x.tax_id_fingerprint = ${m.taxIdFingerprint}
        or x.bank_account_fingerprint = ${m.bankAccountFingerprint}
        or (${m.contactPhone} <> '' and lower(x.dba_name) = lower(${m.dbaName}) and x.contact_phone = ${m.contactPhone}))`),
    })
    .from(m)
    .leftJoin(industries, sql`${industries.id} = ${m.industryId}`)
    .where(inArray(m.id, ids));
  return rows.map((r) => {
    const notes: string[] = [];
    if (!r.foundedOn) notes.push('The record has no start date (Founded on): business age has no value.');
    if (!r.industryRisk) notes.push('The record has no industry: industry risk level has no value.');
    return {
      merchantId: r.id,
      dbaName: r.dbaName,
      pipeline: r.pipeline,
      notes,
      inputs: {
        industryRiskLevel: r.industryRisk ?? null,
        businessAgeMonths: monthsSince(r.foundedOn, now),
        monthlyVolume: r.monthlyVolume,
        averageTicket: r.averageTicket,
        highTicket: r.highTicket,
        cardNotPresentPercent: r.cardPresentPercent === null ? null : 100 - r.cardPresentPercent,
        openHits: r.openHits,
        possibleDuplicates: r.duplicates,
        documentsCount: r.documents,
        ownersCount: r.owners,
        state: r.region === '' ? null : r.region,
        country: r.country === '' ? null : r.country,
      },
    };
  });
}

/** The inputs of many merchants, SCORE_BATCH at a time, in the order of `ids`. */
export async function loadScoreInputs(db: Db, ids: string[], now: Date): Promise<MerchantScoreInputs[]> {
  const byId = new Map<string, MerchantScoreInputs>();
  for (let i = 0; i < ids.length; i += SCORE_BATCH) {
    for (const row of await loadBatch(db, ids.slice(i, i + SCORE_BATCH), now)) byId.set(row.merchantId, row);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
