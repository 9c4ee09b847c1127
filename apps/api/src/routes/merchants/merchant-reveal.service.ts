import { MERCHANT_SENSITIVE_FIELDS, type MerchantSensitiveField, type OwnerSensitiveField } from '@boardwalk/shared';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantOwners, merchants } from '../../db/schema/merchants.ts';
import { ProblemError } from '../../lib/problem.ts';
import { auditMerchant } from './merchant-record.service.ts';
import { openSensitive } from './merchant-sensitive.ts';
import { inTransaction, merchantNotFound, type MerchantCaller } from './merchant-store.ts';
import { clearValueOf } from './merchant-values.ts';

/**
 * How many clear values one user may reveal in a window. Generous for a person working through
 * applications, a brake on a stolen session scraping every tax id (each reveal is audited too).
 */
export const REVEAL_LIMIT = { count: 30, windowMinutes: 10 } as const;
export const REVEAL_LIMIT_DETAIL = `You revealed ${REVEAL_LIMIT.count} values in ${REVEAL_LIMIT.windowMinutes} minutes. Wait a few minutes and try again.`;

type RevealInput = { field: MerchantSensitiveField | OwnerSensitiveField; ownerId?: string | undefined };

const isMerchantField = (field: string): field is MerchantSensitiveField =>
  (MERCHANT_SENSITIVE_FIELDS as readonly string[]).includes(field);

const fieldProblem = (status: 400 | 404, field: string, message: string) =>
  new ProblemError(status, message, { errors: { [field]: [message] } });

/**
 * The reveals of this user in the window, counted under a per-user transaction lock so that
 * concurrent reveals cannot all pass the count (DESIGN §9: atomic security counters). The
 * audit log is the counter: each reveal writes its row in this same transaction.
 */
async function assertWithinRevealLimit(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`merchant.reveal:${userId}`}, 0))`);
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'merchant.reveal'),
        eq(auditLog.actorUserId, userId),
        gt(auditLog.at, sql`now() - make_interval(mins => ${REVEAL_LIMIT.windowMinutes})`),
      ),
    );
  if ((row?.n ?? 0) >= REVEAL_LIMIT.count) {
    throw new ProblemError(429, REVEAL_LIMIT_DETAIL, {
      headers: { 'Retry-After': String(REVEAL_LIMIT.windowMinutes * 60) },
    });
  }
}

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
  return inTransaction(db, async (tx) => {
    await assertWithinRevealLimit(tx, caller.actor.userId);
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
    await auditMerchant(tx, caller, 'reveal', merchantId, {
      field: input.field,
      ownerId: input.ownerId ?? null,
      revealed: value !== '',
    });
    return { field: input.field, value };
  });
}
