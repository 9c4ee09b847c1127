import type { MerchantEventType } from '@boardwalk/shared';
import { domainEvents, merchantEvents } from '../../db/schema/merchants.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { ActionContext } from './action.ts';

/**
 * What a change to a merchant by an action leaves behind, as a change by a person does: a timeline
 * entry (no actor: the workflow did it), the `merchant.updated` domain event (automations see it)
 * and an audit row labelled with its cause. Inside the run's transaction.
 */
export async function recordActionChange(
  context: ActionContext,
  entry: {
    type: MerchantEventType;
    data: Record<string, unknown>;
    fields: string[];
    audit: string;
    changes: Record<string, unknown>;
  },
): Promise<void> {
  const { db, merchant, now, cause } = context;
  const actorLabel = `workflow:${cause.type}:${cause.id}`;
  await db
    .insert(merchantEvents)
    .values({ merchantId: merchant.id, type: entry.type, actorUserId: null, data: entry.data, at: now });
  await db.insert(domainEvents).values({
    type: 'merchant.updated',
    subjectId: merchant.id,
    payload: {
      fields: entry.fields,
      actorUserId: null,
      cause: { type: cause.type, id: cause.id },
      depth: (cause.depth ?? 0) + 1,
    },
    occurredAt: now,
  });
  await writeAudit(db, {
    action: `merchant.${entry.audit}`,
    outcome: 'success',
    actorLabel,
    subjectType: 'merchant',
    subjectId: merchant.id,
    changes: entry.changes,
  });
}
