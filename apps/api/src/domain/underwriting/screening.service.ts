import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantEvents, merchantOwners, merchants } from '../../db/schema/merchants.ts';
import { screeningHits } from '../../db/schema/underwriting.ts';
import { readSetting } from '../../auth/settings.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { openSensitive } from '../merchants/record/merchant-sensitive.ts';
import { inTransaction, lockMerchant, type MerchantCaller } from '../merchants/record/merchant-store.ts';
import { activeIndex } from './screening-index.ts';
import type { Subject } from './screening-match.ts';
import type { CheckBy } from './terminated-list.ts';

/**
 * Sanctions screening of merchants (docs/decisions/099): the business's DBA and legal name with
 * its country, each owner's full name with date of birth and the business's country (owners have
 * none of their own), against the active list versions. Each (name screened, list, entry) is
 * raised once as an open `sanctions` hit; a cleared one stays cleared.
 */

type MerchantToScreen = {
  id: string;
  dbaName: string;
  legalName: string;
  country: string;
  owners: { id: string; firstName: string; lastName: string; dateOfBirthEnc: string | null }[];
};

function subjectsOf(m: MerchantToScreen, encryptionKey: string): (Subject & { ownerId: string | null })[] {
  const business = [...new Set([m.dbaName, m.legalName].filter((n) => n.trim() !== ''))].map((name) => ({
    subject: 'business',
    ownerId: null,
    name,
    country: m.country,
  }));
  const owners = m.owners.map((o) => ({
    subject: `owner:${o.id}`,
    ownerId: o.id,
    name: `${o.firstName} ${o.lastName}`,
    country: m.country,
    birthDate: openSensitive(o.dateOfBirthEnc, encryptionKey) || undefined,
  }));
  return [...business, ...owners];
}

export async function loadMerchantsToScreen(db: Db, ids: string[]): Promise<MerchantToScreen[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: merchants.id,
      dbaName: merchants.dbaName,
      legalName: merchants.legalName,
      country: merchants.country,
    })
    .from(merchants)
    .where(inArray(merchants.id, ids));
  const owners = await db
    .select({
      id: merchantOwners.id,
      merchantId: merchantOwners.merchantId,
      firstName: merchantOwners.firstName,
      lastName: merchantOwners.lastName,
      dateOfBirthEnc: merchantOwners.dateOfBirthEnc,
    })
    .from(merchantOwners)
    .where(and(inArray(merchantOwners.merchantId, ids), isNull(merchantOwners.deletedAt)));
  return rows.map((r) => ({ ...r, owners: owners.filter((o) => o.merchantId === r.id) }));
}

/** Screens merchants already loaded and writes their new hits; returns how many were new. */
export async function screenLoaded(
  tx: Db,
  list: MerchantToScreen[],
  encryptionKey: string,
  by: CheckBy,
  threshold?: number,
): Promise<number> {
  const active = await activeIndex(tx);
  if (!active || list.length === 0) return 0;
  const limit = threshold ?? (await readSetting(tx, 'sanctionsMatchThreshold'));
  let found = 0;
  for (const m of list) {
    const values = subjectsOf(m, encryptionKey).flatMap((s) =>
      active.index.match(s, limit).map((hit) => {
        const version = active.lists.get(hit.entry.listId)!;
        return {
          merchantId: m.id,
          ownerId: s.ownerId,
          source: 'sanctions',
          strength: 'review',
          matchedKind: s.ownerId ? 'sanctions_owner' : 'sanctions_business',
          score: hit.score,
          detail: {
            key: `${s.ownerId ?? 'business'}|${version.source}|${hit.entry.entNum}`,
            listId: version.id,
            listSource: version.source,
            importedAt: version.importedAt.toISOString(),
            entNum: hit.entry.entNum,
            entryName: hit.entry.name,
            matchedName: hit.matchedName,
            programs: hit.entry.programs ?? '',
            subject: s.name,
          },
          createdAt: by.now,
          updatedAt: by.now,
        };
      }),
    );
    if (values.length === 0) continue;
    const inserted = await tx
      .insert(screeningHits)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: screeningHits.id, score: screeningHits.score, detail: screeningHits.detail });
    if (inserted.length === 0) continue;
    found += inserted.length;
    await tx.insert(merchantEvents).values({
      merchantId: m.id,
      type: 'match',
      actorUserId: by.userId,
      data: { summary: `${inserted.length} sanctions list match${inserted.length === 1 ? '' : 'es'} found` },
      at: by.now,
    });
    await writeAudit(tx, {
      action: 'merchant.sanctions_hit',
      outcome: 'success',
      ...by.audit,
      subjectType: 'merchant',
      subjectId: m.id,
      changes: {
        hits: inserted.map((h) => ({ id: h.id, score: h.score, list: h.detail.listId, entNum: h.detail.entNum })),
      },
    });
  }
  return found;
}

/** One merchant, inside the caller's transaction (create, identity change, owner change). */
export async function screenMerchant(tx: Db, merchantId: string, encryptionKey: string, by: CheckBy) {
  // Most installations import no list: one cheap look before loading anything.
  if (!(await activeIndex(tx))) return 0;
  return screenLoaded(tx, await loadMerchantsToScreen(tx, [merchantId]), encryptionKey, by);
}

/** Whether the merchant has a sanctions hit that is open or confirmed: the gate's question. */
export async function unresolvedSanctionsHit(tx: Db, merchantId: string) {
  const [hit] = await tx
    .select({ id: screeningHits.id, state: screeningHits.state })
    .from(screeningHits)
    .where(
      and(
        eq(screeningHits.merchantId, merchantId),
        eq(screeningHits.source, 'sanctions'),
        inArray(screeningHits.state, ['open', 'confirmed']),
      ),
    )
    .limit(1);
  return hit ?? null;
}

/** POST /api/merchants/{id}/screening: screened now, as a change would (404 for no such merchant). */
export async function screenMerchantNow(db: Db, caller: MerchantCaller, merchantId: string) {
  return inTransaction(db, async (tx) => {
    await lockMerchant(tx, merchantId);
    return screenMerchant(tx, merchantId, caller.encryptionKey, {
      userId: caller.actor.userId,
      now: caller.now,
      audit: { ...auditActor(caller.actor), ip: caller.ip },
    });
  });
}
