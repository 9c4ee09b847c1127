import type { AuditEntry } from '../../../lib/audit.ts';
import { auditActor } from '../../../lib/audit.ts';
import type { Actor } from '../../../lib/context.ts';

/**
 * The merchant, writing their own record through the application link (docs/decisions/108): no
 * user, so no user id on the row, the timeline or the domain event; the audit row says
 * `applicant` with the IP and user agent of the device that signed.
 */
export type ApplicantActor = { type: 'applicant'; userId: null; userAgent: string | null };

/**
 * Who writes a merchant's fields or owners: a signed-in caller, or the applicant. The record's
 * write functions take this, so the merchant's answers go through the same validation,
 * encryption, masking and field history as a staff edit, with the merchant as the actor.
 */
export type RecordWriter = { actor: Actor | ApplicantActor; ip: string | null; now: Date; encryptionKey: string };

/** The actor columns of an audit row for a writer. */
export function writerAudit(
  actor: RecordWriter['actor'],
): Pick<AuditEntry, 'actorUserId' | 'actorTokenId' | 'actorLabel'> {
  if (actor.type === 'applicant') {
    return { actorUserId: null, actorTokenId: null, actorLabel: 'applicant' };
  }
  return auditActor(actor);
}
