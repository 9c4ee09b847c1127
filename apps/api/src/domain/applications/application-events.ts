import type { Db } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/merchants.ts';
import type { applicationRequests } from '../../db/schema/application-requests.ts';
import { notifyApplication } from '../notifications/notification-events.ts';
import { closePause } from './sla-pause.ts';

/**
 * The merchant submitted or signed their application (docs/decisions/108): a domain event in the
 * outbox, in the caller's transaction, which automations with the "application submitted" or
 * "application signed" trigger run on, and the notifications of the staff it concerns (its
 * assignee, who sent the link: docs/decisions/109). Signing also ends the pause of the merchant's
 * SLA clock: the application is back with staff.
 */
export async function emitApplicationEvent(
  tx: Db,
  request: Pick<typeof applicationRequests.$inferSelect, 'id' | 'merchantId' | 'createdBy'>,
  kind: 'submitted' | 'signed',
  at: Date = new Date(),
): Promise<void> {
  await tx.insert(domainEvents).values({
    type: `application.${kind}`,
    subjectId: request.merchantId,
    payload: { requestId: request.id, actorUserId: null },
    occurredAt: at,
  });
  await notifyApplication(tx, request, kind, at);
  if (kind === 'signed') await closePause(tx, request.id, at);
}
