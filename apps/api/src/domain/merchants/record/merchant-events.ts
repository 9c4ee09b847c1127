import type { MerchantEvent, MerchantEventType } from '@boardwalk/shared';
import type { Db } from '../../../db/client.ts';
import { domainEvents, merchantEvents } from '../../../db/schema/merchants.ts';
import type { Caller } from '../../../lib/http/caller.ts';

/**
 * Appends one entry to a merchant's timeline, inside the caller's transaction. `data` follows
 * the shared merchantEventSchema; changed sensitive fields carry masked values only (`•••••6789`),
 * never the clear value or its ciphertext.
 */
export async function writeMerchantEvent(
  tx: Db,
  caller: Caller,
  merchantId: string,
  type: MerchantEventType,
  data: MerchantEvent['data'] = {},
): Promise<void> {
  await tx.insert(merchantEvents).values({ merchantId, type, actorUserId: caller.actor.userId, data, at: caller.now });
}

/** Domain event types the workflow engine consumes. */
export type DomainEventType = 'merchant.created' | 'merchant.stage_changed' | 'merchant.updated';

/**
 * Records a domain event in the outbox, in the same transaction as the change that caused it:
 * the change and its event commit together or not at all.
 */
export async function recordDomainEvent(
  tx: Db,
  caller: Caller,
  type: DomainEventType,
  subjectId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.insert(domainEvents).values({
    type,
    subjectId,
    payload: { ...payload, actorUserId: caller.actor.userId },
    occurredAt: caller.now,
  });
}
