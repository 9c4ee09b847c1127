import type { AuditEntry } from '@boardwalk/shared';

type Subject = Pick<AuditEntry, 'subjectType' | 'subjectId' | 'subjectName'>;

/** The subject's kind in words: `lead-source` → "lead source", `merchant_draft` → "merchant draft". */
export const subjectKind = (type: string) => type.replace(/[-_]+/g, ' ');

/**
 * The subject as a reader knows it: its name ("Big Bakery") where it has one, else its kind and
 * id as stored ("setting smtp", "session 1a2b…"); a dash for rows without a subject.
 */
export function subjectTitle(entry: Subject): string {
  if (entry.subjectName) return entry.subjectName;
  return [entry.subjectType && subjectKind(entry.subjectType), entry.subjectId].filter(Boolean).join(' ') || '—';
}

/** The line under a named subject: its kind and id, so two of the same name can be told apart. */
export function subjectDetail(entry: Subject): string | null {
  if (!entry.subjectName) return null;
  return [entry.subjectType && subjectKind(entry.subjectType), entry.subjectId].filter(Boolean).join(' ');
}
