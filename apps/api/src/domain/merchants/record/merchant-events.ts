import type { MerchantEvent, MerchantEventType } from '@boardwalk/shared';
import type { Db } from '../../../db/client.ts';
import { domainEvents, merchantEvents } from '../../../db/schema/merchants.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import type { RecordWriter } from './record-writer.ts';

/**
 * Appends one entry to a merchant's timeline, inside the caller's transaction. `data` follows
 * the shared merchantEventSchema; changed sensitive fields carry masked values only (`•••••6789`),
 * never the clear value or its ciphertext.
 */
export async function writeMerchantEvent(
  tx: Db,
  caller: Pick<RecordWriter, 'actor' | 'now'>,
  merchantId: string,
  type: MerchantEventType,
  data: MerchantEvent['data'] = {},
): Promise<void> {
  // The applicant has no user: the entry says who it was, so the timeline reads "The merchant".
  const by = caller.actor.type === 'applicant' ? { by: 'applicant' as const } : {};
  await tx
    .insert(merchantEvents)
    .values({ merchantId, type, actorUserId: caller.actor.userId, data: { ...data, ...by }, at: caller.now });
}

/** Domain event types the workflow engine consumes. */
export type DomainEventType =
  | 'merchant.created'
  | 'merchant.stage_changed'
  | 'merchant.updated'
  | 'merchant.score_inputs_changed'
  | 'application.submitted'
  | 'application.signed';

/**
 * Records a domain event in the outbox, in the same transaction as the change that caused it:
 * the change and its event commit together or not at all.
 */
export async function recordDomainEvent(
  tx: Db,
  caller: Pick<RecordWriter, 'actor' | 'now'>,
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

/**
 * What a scorecard counts besides the record changed: an owner, a document, or a screening match
 * (added, removed, resolved). No automation watches it; the scorecard's automatic decision does
 * (underwriting/auto-decision-dispatch.ts), so a decision it allows is not left waiting for the
 * next edit of the record.
 */
export async function recordScoreInputsChanged(
  tx: Db,
  caller: Pick<RecordWriter, 'actor' | 'now'>,
  merchantId: string,
  inputs: 'owners' | 'documents' | 'screening',
): Promise<void> {
  await recordDomainEvent(tx, caller, 'merchant.score_inputs_changed', merchantId, { inputs });
}

/** Many timeline entries of one caller in one insert (an import's batch). */
export async function writeMerchantEvents(
  tx: Db,
  caller: Caller,
  entries: { merchantId: string; type: MerchantEventType; data: MerchantEvent['data'] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(merchantEvents)
    .values(entries.map((e) => ({ ...e, actorUserId: caller.actor.userId, at: caller.now })));
}

/**
 * Many domain events of one caller in one insert. `quiet` records them as already dispatched:
 * they stay in the outbox as the record of what happened, and no automation runs for them.
 */
export async function recordDomainEvents(
  tx: Db,
  caller: Caller,
  events: { type: DomainEventType; subjectId: string; payload: Record<string, unknown> }[],
  options: { quiet: boolean },
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(domainEvents).values(
    events.map((e) => ({
      type: e.type,
      subjectId: e.subjectId,
      payload: { ...e.payload, actorUserId: caller.actor.userId },
      occurredAt: caller.now,
      processedAt: options.quiet ? caller.now : null,
    })),
  );
}
