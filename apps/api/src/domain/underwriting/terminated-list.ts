import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantEvents, merchantOwners, merchants } from '../../db/schema/merchants.ts';
import { screeningHits, terminatedIdentifiers } from '../../db/schema/underwriting.ts';
import { writeAudit, type AuditEntry } from '../../lib/audit.ts';
import { fingerprintOf, openSensitive } from '../merchants/record/merchant-sensitive.ts';
import { DECLINE_KINDS, identifiersOf, type Identifier, type MerchantIdentity } from './identifiers.ts';

/** A similar name is a review match from this pg_trgm similarity on (same in PGlite and PostgreSQL). */
export const NAME_SIMILARITY_THRESHOLD = 0.6;

/** The merchant's identifiers as the list keeps them: fingerprints for the sensitive ones. */
async function identifiersOfMerchant(tx: Db, merchantId: string, encryptionKey: string): Promise<Identifier[]> {
  const [m] = await tx
    .select({
      dbaName: merchants.dbaName,
      legalName: merchants.legalName,
      taxIdFingerprint: merchants.taxIdFingerprint,
      bankAccountFingerprint: merchants.bankAccountFingerprint,
      contactPhone: merchants.contactPhone,
      addressLine1: merchants.addressLine1,
      postalCode: merchants.postalCode,
      website: merchants.website,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!m) return [];
  const owners = await tx
    .select({ ssnEnc: merchantOwners.ssnEnc })
    .from(merchantOwners)
    .where(and(eq(merchantOwners.merchantId, merchantId), isNull(merchantOwners.deletedAt)));
  const ssnFingerprints = owners
    .map((o) => openSensitive(o.ssnEnc, encryptionKey))
    .filter((ssn) => ssn !== '')
    // Its own domain of fingerprints, so an SSN never equals a tax id's fingerprint by construction.
    .map((ssn) => fingerprintOf(`ssn:${ssn.replaceAll(/\D/g, '')}`, encryptionKey));
  return identifiersOf({ ...m, ssnFingerprints } satisfies MerchantIdentity);
}

/** A termination with a reason: the merchant's identifiers join the list (again: nothing doubles). */
export async function addToTerminatedList(tx: Db, merchantId: string, decisionId: string, encryptionKey: string) {
  const ids = await identifiersOfMerchant(tx, merchantId, encryptionKey);
  if (ids.length === 0) return;
  await tx
    .insert(terminatedIdentifiers)
    .values(ids.map((i) => ({ merchantId, decisionId, kind: i.kind, value: i.value })))
    .onConflictDoNothing();
}

export type CheckBy = {
  userId: string | null;
  now: Date;
  audit: Pick<AuditEntry, 'actorUserId' | 'actorTokenId' | 'actorLabel' | 'ip'>;
};

/**
 * A new or changed merchant against the list: an exact tax id, owner SSN or bank account is a
 * `decline` match; the same phone, address or website domain, or a similar name, a `review` match.
 * Each (terminated merchant, kind) is raised once; a match cleared before stays cleared. The hit
 * names the kind and the terminated merchant, never the value. Returns how many were new.
 */
export async function checkAgainstTerminatedList(
  tx: Db,
  merchantId: string,
  encryptionKey: string,
  by: CheckBy,
): Promise<number> {
  // Most portfolios have an empty list: one cheap look before any work.
  const [any] = await tx.select({ id: terminatedIdentifiers.id }).from(terminatedIdentifiers).limit(1);
  if (!any) return 0;
  const ids = await identifiersOfMerchant(tx, merchantId, encryptionKey);
  const exact = ids.filter((i) => i.kind !== 'name');
  const names = ids.filter((i) => i.kind === 'name').map((i) => i.value);
  const t = terminatedIdentifiers;
  const score = names.length
    ? sql<number>`greatest(${sql.join(
        names.map((n) => sql`similarity(${t.value}, ${n})`),
        sql`, `,
      )})`
    : sql<number>`0`;
  const conditions = [
    ...exact.map((i) => and(eq(t.kind, i.kind), eq(t.value, i.value))),
    ...(names.length ? [and(eq(t.kind, 'name'), sql`${score} >= ${NAME_SIMILARITY_THRESHOLD}`)] : []),
  ];
  if (conditions.length === 0) return 0;
  const found = await tx
    .select({ merchantId: t.merchantId, kind: t.kind, score })
    .from(t)
    .where(and(ne(t.merchantId, merchantId), or(...conditions)));
  if (found.length === 0) return 0;
  const best = new Map<string, { matchedMerchantId: string; kind: string; score: number }>();
  for (const f of found) {
    const key = `${f.merchantId}|${f.kind}`;
    const score = f.kind === 'name' ? Number(f.score) : 1;
    if ((best.get(key)?.score ?? -1) < score) best.set(key, { matchedMerchantId: f.merchantId, kind: f.kind, score });
  }
  const inserted = await tx
    .insert(screeningHits)
    .values(
      [...best.values()].map((b) => ({
        merchantId,
        source: 'terminated_list',
        strength: DECLINE_KINDS.has(b.kind) ? 'decline' : 'review',
        matchedKind: b.kind,
        matchedMerchantId: b.matchedMerchantId,
        score: Math.round(b.score * 1000) / 1000,
        createdAt: by.now,
        updatedAt: by.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: screeningHits.id, strength: screeningHits.strength, kind: screeningHits.matchedKind });
  if (inserted.length === 0) return 0;
  const decline = inserted.filter((h) => h.strength === 'decline').length;
  await tx.insert(merchantEvents).values({
    merchantId,
    type: 'match',
    actorUserId: by.userId,
    data: {
      summary: `${inserted.length} terminated-merchant match${inserted.length === 1 ? '' : 'es'} found (${decline} decline)`,
    },
    at: by.now,
  });
  await writeAudit(tx, {
    action: 'merchant.match_found',
    outcome: 'success',
    ...by.audit,
    subjectType: 'merchant',
    subjectId: merchantId,
    changes: { hits: inserted.map((h) => ({ id: h.id, strength: h.strength, kind: h.kind })) },
  });
  return inserted.length;
}

/** The terminated merchants' names for hits, by id (only what the hit list shows). */
export async function terminatedNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: merchants.id, dbaName: merchants.dbaName })
    .from(merchants)
    .where(inArray(merchants.id, ids));
  return new Map(rows.map((r) => [r.id, r.dbaName]));
}
