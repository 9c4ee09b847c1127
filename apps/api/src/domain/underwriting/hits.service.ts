import type { OutsideCheckInput, ResolveHitInput, SanctionsHitEntry, ScreeningHit } from '@boardwalk/shared';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { reasonCodes, screeningHits } from '../../db/schema/underwriting.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { recordScoreInputsChanged, writeMerchantEvent } from '../merchants/record/merchant-events.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';
import { inTransaction, lockMerchant } from '../merchants/record/merchant-store.ts';
import { DECLINE_KINDS } from './identifiers.ts';
import { usableReason } from './reason-codes.service.ts';
import { terminatedNames } from './terminated-list.ts';

const h = screeningHits;

/** What a sanctions hit recorded of the entry and the list version (screening.service.ts). */
function sanctionsEntryOf(detail: Record<string, unknown>): SanctionsHitEntry {
  const text = (key: string) => {
    const value = detail[key];
    return typeof value === 'string' ? value : '';
  };
  return {
    listId: text('listId'),
    source: text('listSource') as SanctionsHitEntry['source'],
    importedAt: text('importedAt'),
    entNum: typeof detail.entNum === 'number' ? detail.entNum : 0,
    entryName: text('entryName'),
    matchedName: text('matchedName'),
    programs: text('programs'),
    subject: text('subject'),
  };
}

/**
 * GET /api/merchants/{id}/matches. A hit names the kind of identifier that matched and the
 * terminated merchant, never the value. An exact tax id, SSN or bank account match would tell
 * someone who may not reveal sensitive values that two merchants share one: for them the
 * terminated merchant of such a hit is left out (`canReveal`, docs/decisions/098).
 */
export async function listHits(db: Db, merchantId: string, canReveal: boolean): Promise<ScreeningHit[]> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw new ProblemError(404, 'No such merchant.');
  const resolver = alias(users, 'resolver');
  const rows = await db
    .select({
      hit: h,
      reasonId: reasonCodes.id,
      reasonCode: reasonCodes.code,
      reasonLabel: reasonCodes.label,
      resolverId: resolver.id,
      resolverName: userNameOf(resolver),
    })
    .from(h)
    .leftJoin(reasonCodes, eq(reasonCodes.id, h.reasonCodeId))
    .leftJoin(resolver, eq(resolver.id, h.resolvedBy))
    .where(eq(h.merchantId, merchantId))
    .orderBy(desc(h.createdAt), desc(h.id));
  const names = await terminatedNames(
    db,
    rows.flatMap((r) => (r.hit.matchedMerchantId ? [r.hit.matchedMerchantId] : [])),
  );
  return rows.map(({ hit, ...r }) => {
    const shown = hit.matchedMerchantId !== null && (canReveal || !DECLINE_KINDS.has(hit.matchedKind));
    return {
      id: hit.id,
      merchantId: hit.merchantId,
      source: hit.source as ScreeningHit['source'],
      strength: hit.strength as ScreeningHit['strength'],
      matchedKind: hit.matchedKind,
      matchedMerchant: shown ? { id: hit.matchedMerchantId!, dbaName: names.get(hit.matchedMerchantId!) ?? '' } : null,
      score: hit.score,
      state: hit.state as ScreeningHit['state'],
      reasonCode: r.reasonId ? { id: r.reasonId, code: r.reasonCode ?? '', label: r.reasonLabel ?? '' } : null,
      note: hit.note,
      service: typeof hit.detail.service === 'string' ? hit.detail.service : '',
      sanctionsEntry: hit.source === 'sanctions' ? sanctionsEntryOf(hit.detail) : null,
      resolution: hit.resolution,
      resolvedBy: r.resolverId ? { id: r.resolverId, name: r.resolverName ?? '' } : null,
      resolvedAt: hit.resolvedAt?.toISOString() ?? null,
      createdAt: hit.createdAt.toISOString(),
    };
  });
}

async function event(tx: Db, caller: Caller, merchantId: string, summary: string, note = '') {
  await writeMerchantEvent(tx, caller, merchantId, 'match', { summary, ...(note ? { note } : {}) });
  await recordScoreInputsChanged(tx, caller, merchantId, 'screening');
}

/** POST /api/merchants/{id}/matches/{hitId}/resolve: an open hit cleared or confirmed, with why. */
export async function resolveHit(db: Db, caller: Caller, merchantId: string, hitId: string, input: ResolveHitInput) {
  await inTransaction(db, async (tx) => {
    await lockMerchant(tx, merchantId);
    const [hit] = await tx
      .select()
      .from(h)
      .where(and(eq(h.id, hitId), eq(h.merchantId, merchantId)))
      .for('update');
    if (!hit) throw new ProblemError(404, 'No such match on this merchant.');
    if (hit.state !== 'open') {
      throw new ProblemError(409, `This match was already ${hit.state}.`, { code: 'conflict' });
    }
    await tx
      .update(h)
      .set({
        state: input.state,
        resolution: input.reason,
        resolvedBy: caller.actor.userId,
        resolvedAt: caller.now,
        updatedAt: caller.now,
      })
      .where(eq(h.id, hitId));
    await event(tx, caller, merchantId, `Match ${input.state}: ${hit.matchedKind.replaceAll('_', ' ')}`, input.reason);
    await writeAudit(tx, {
      action: `merchant.match_${input.state === 'cleared' ? 'clear' : 'confirm'}`,
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'merchant',
      subjectId: merchantId,
      changes: { hitId, source: hit.source, kind: hit.matchedKind, state: { from: 'open', to: input.state } },
      ip: caller.ip,
    });
  });
}

/** POST /api/merchants/{id}/matches: the result of an outside check, kept as an open hit to resolve. */
export async function recordOutsideCheck(db: Db, caller: Caller, merchantId: string, input: OutsideCheckInput) {
  return inTransaction(db, async (tx) => {
    await lockMerchant(tx, merchantId);
    const reason = await usableReason(tx, input.reasonCodeId);
    const [row] = await tx
      .insert(h)
      .values({
        merchantId,
        source: 'outside_check',
        strength: input.result === 'match' ? 'decline' : 'review',
        matchedKind: 'outside_check',
        reasonCodeId: reason.id,
        note: input.note ?? '',
        detail: { service: input.service },
        createdBy: caller.actor.userId,
        createdAt: caller.now,
        updatedAt: caller.now,
      })
      .returning({ id: h.id });
    await event(tx, caller, merchantId, `Outside check (${input.service}): ${input.result}, ${reason.code}`);
    await writeAudit(tx, {
      action: 'merchant.outside_check',
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'merchant',
      subjectId: merchantId,
      changes: { hitId: row!.id, service: input.service, result: input.result, reasonCode: reason.code },
      ip: caller.ip,
    });
    return row!.id;
  });
}
