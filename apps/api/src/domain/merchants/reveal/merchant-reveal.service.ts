import { MERCHANT_SENSITIVE_FIELDS, type MerchantSensitiveField, type OwnerSensitiveField } from '@boardwalk/shared';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { merchantOwners, merchants } from '../../../db/schema/merchants.ts';
import { auditActor, writeAudit } from '../../../lib/audit.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { openSensitive } from '../record/merchant-sensitive.ts';
import { inTransaction, merchantNotFound, type MerchantCaller } from '../record/merchant-store.ts';
import { clearValueOf } from '../record/merchant-values.ts';

/**
 * How many sensitive values one user may reveal or look up in a window. Generous for a person
 * working through applications, a brake on a stolen session scraping every tax id or guessing
 * one through the duplicate check (each reveal and lookup is audited too).
 */
export const REVEAL_LIMIT = { count: 30, windowMinutes: 10 } as const;
export const REVEAL_LIMIT_DETAIL = `You revealed or looked up ${REVEAL_LIMIT.count} sensitive values in ${REVEAL_LIMIT.windowMinutes} minutes. Wait a few minutes and try again.`;

/** The audit actions that spend the budget: a value shown in clear, a holder found by a value. */
const BUDGET_ACTIONS = ['merchant.reveal', 'merchant.lookup'];

/**
 * What a call spends: its audit row's action and subject, and for a lookup the kinds of
 * identifier it compared on (`taxId`, `bankAccount`), one unit each. A reveal is one unit.
 */
export type RevealCharge =
  | { action: 'reveal'; subjectId: string }
  | { action: 'lookup'; subjectId: string | null; identifiers: readonly [string, ...string[]] };

const costOf = (charge: RevealCharge) => (charge.action === 'lookup' ? charge.identifiers.length : 1);

/**
 * Runs `run` in one transaction charged to the caller's reveal budget (the reveal route and the
 * duplicate check share it): 429 with Retry-After when the charge would pass REVEAL_LIMIT,
 * otherwise the answer and its one audit row commit together. The audit log is the counter,
 * read under a per-user transaction lock so that concurrent calls cannot all pass the count
 * (atomic security counters); a row costs one unit per identifier it names (the same
 * rule as costOf), one when it names none. A token spends its creator's budget.
 */
export async function withRevealBudget<R>(
  db: Db,
  caller: Caller,
  charge: RevealCharge,
  run: (tx: Db) => Promise<{ result: R; changes: Record<string, unknown> }>,
): Promise<R> {
  const userId = caller.actor.userId;
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`merchant.reveal:${userId}`}, 0))`);
    const [row] = await tx
      .select({ spent: sql<string | null>`sum(coalesce(jsonb_array_length(${auditLog.changes}->'identifiers'), 1))` })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, BUDGET_ACTIONS),
          eq(auditLog.actorUserId, userId),
          gt(auditLog.at, sql`now() - make_interval(mins => ${REVEAL_LIMIT.windowMinutes})`),
        ),
      );
    if (Number(row?.spent ?? 0) + costOf(charge) > REVEAL_LIMIT.count) {
      throw new ProblemError(429, REVEAL_LIMIT_DETAIL, {
        headers: { 'Retry-After': String(REVEAL_LIMIT.windowMinutes * 60) },
      });
    }
    const { result, changes } = await run(tx);
    await writeAudit(tx, {
      action: `merchant.${charge.action}`,
      outcome: 'success',
      ...auditActor(caller.actor),
      subjectType: 'merchant',
      subjectId: charge.subjectId,
      changes: charge.action === 'lookup' ? { identifiers: charge.identifiers, ...changes } : changes,
      ip: caller.ip,
    });
    return result;
  });
}

type RevealInput = { field: MerchantSensitiveField | OwnerSensitiveField; ownerId?: string | undefined };

const isMerchantField = (field: string): field is MerchantSensitiveField =>
  (MERCHANT_SENSITIVE_FIELDS as readonly string[]).includes(field);

const fieldProblem = (status: 400 | 404, field: string, message: string) =>
  new ProblemError(status, message, { errors: { [field]: [message] } });

/**
 * POST /api/merchants/{id}/reveal: the one answer with a clear sensitive value. Writes an audit
 * row (`merchant.reveal`: who, which field, which merchant and owner, when) in the same
 * transaction, so no value is shown without its row. Deleted merchants can be revealed too.
 */
export async function revealValue(
  db: Db,
  caller: MerchantCaller,
  merchantId: string,
  input: RevealInput,
): Promise<{ field: string; value: string }> {
  return withRevealBudget(db, caller, { action: 'reveal', subjectId: merchantId }, async (tx) => {
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, merchantId));
    if (!row) throw merchantNotFound();
    let value: string;
    if (isMerchantField(input.field)) {
      if (input.ownerId !== undefined)
        throw fieldProblem(400, 'ownerId', 'This field belongs to the merchant, not an owner');
      value = clearValueOf(row, input.field, caller.encryptionKey);
    } else {
      if (input.ownerId === undefined) throw fieldProblem(400, 'ownerId', 'Choose the owner whose value to reveal');
      const [owner] = await tx
        .select()
        .from(merchantOwners)
        .where(
          and(
            eq(merchantOwners.id, input.ownerId),
            eq(merchantOwners.merchantId, merchantId),
            isNull(merchantOwners.deletedAt),
          ),
        );
      if (!owner) throw fieldProblem(404, 'ownerId', 'No owner with this id on this merchant');
      value = openSensitive(input.field === 'ssn' ? owner.ssnEnc : owner.dateOfBirthEnc, caller.encryptionKey);
    }
    return {
      result: { field: input.field, value },
      changes: { field: input.field, ownerId: input.ownerId ?? null, revealed: value !== '' },
    };
  });
}
