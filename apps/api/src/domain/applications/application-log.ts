import type { Db } from '../../db/client.ts';
import { merchantEvents } from '../../db/schema/merchants.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';

/** Who did a step of an application: a staff user, or the merchant through the link. */
export type ApplicationActor =
  | { kind: 'staff'; actor: Actor; ip: string | null }
  | { kind: 'applicant'; ip: string | null; userAgent: string | null };

/**
 * One step of a request: the merchant's timeline entry (type `application`, its words in
 * `summary`) and the audit row (`application.<step>`, with IP and, for the merchant, the user
 * agent), written in the caller's transaction so they commit with the step.
 */
export async function logApplicationStep(
  tx: Db,
  actor: ApplicationActor,
  step: {
    action: string;
    requestId: string;
    merchantId: string;
    summary?: string;
    at: Date;
    details?: Record<string, unknown>;
    outcome?: 'success' | 'failure' | 'denied';
  },
): Promise<void> {
  if (step.summary) {
    await tx.insert(merchantEvents).values({
      merchantId: step.merchantId,
      type: 'application',
      actorUserId: actor.kind === 'staff' ? actor.actor.userId : null,
      data: { summary: step.summary, applicationRequestId: step.requestId },
      at: step.at,
    });
  }
  await writeAudit(tx, {
    action: `application.${step.action}`,
    outcome: step.outcome ?? 'success',
    ...(actor.kind === 'staff' ? auditActor(actor.actor) : { actorLabel: 'applicant' }),
    subjectType: 'application-request',
    subjectId: step.requestId,
    changes: {
      merchantId: step.merchantId,
      ...(actor.kind === 'applicant' ? { userAgent: actor.userAgent?.slice(0, 300) ?? null } : {}),
      ...step.details,
    },
    ip: actor.ip,
  });
}
