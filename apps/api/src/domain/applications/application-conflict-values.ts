import { maskLast4, MERCHANT_SENSITIVE_FIELDS } from '@boardwalk/shared';
import type { applicationConflicts } from '../../db/schema/application-intake.ts';
import { encryptSecret } from '../../lib/crypto.ts';

/** A conflict as the intake records it (docs/decisions/108). */
export type Conflict = Pick<typeof applicationConflicts.$inferInsert, 'field' | 'ours' | 'theirs'>;

const SENSITIVE = new Set<string>(MERCHANT_SENSITIVE_FIELDS);

/** The merchant's answer as a conflict keeps it: a sensitive one sealed, shown by its last 4. */
export function theirsOf(field: string, value: unknown, encryptionKey: string): Conflict['theirs'] {
  if (typeof value === 'string' && (SENSITIVE.has(field) || /\.(ssn|dateOfBirth)$/.test(field))) {
    const last4 = field.endsWith('dateOfBirth') ? value.replace(/\D/g, '').slice(-4) : value.slice(-4);
    return { shown: maskLast4(last4), enc: encryptSecret(value, encryptionKey) };
  }
  return { shown: value ?? null, value: value ?? null };
}
