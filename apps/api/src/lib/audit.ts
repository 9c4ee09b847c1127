import type { Db } from '../db/client.ts';
import type { Actor } from './context.ts';
import { auditLog, type AUDIT_OUTCOMES } from '../db/schema/audit-log.ts';

export type AuditEntry = {
  action: string;
  outcome: (typeof AUDIT_OUTCOMES)[number];
  actorUserId?: string | null;
  /** Set when an API token made the request (actorUserId is then its creator). */
  actorTokenId?: string | null;
  actorLabel?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  changes?: Record<string, unknown> | null;
  ip?: string | null;
};

/** Keys whose values are secrets; flags about them (mustChangePassword) stay readable. */
const SENSITIVE_KEYS = /^(?!must|is|has)\w*(password|secret|token|taxid|ssn|account_?number|routing_?number)\w*$/i;

/** Masks sensitive values at any depth before they are stored in the audit log. */
export function maskSensitive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSensitive);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SENSITIVE_KEYS.test(k) && v != null ? '***' : maskSensitive(v)]),
    );
  }
  return value;
}

/**
 * The actor columns of an audit row: the user, and the API token when a token made the request
 * (decision 041), so a write by an integration is told apart from its creator's own.
 */
export function auditActor(actor: Actor): { actorUserId: string; actorTokenId: string | null } {
  return { actorUserId: actor.userId, actorTokenId: actor.type === 'token' ? actor.tokenId : null };
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    changes: entry.changes ? (maskSensitive(entry.changes) as Record<string, unknown>) : null,
  });
}

/** Many audit rows in one insert (an import's batch), masked like writeAudit's. */
export async function writeAudits(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      ...entry,
      changes: entry.changes ? (maskSensitive(entry.changes) as Record<string, unknown>) : null,
    })),
  );
}
