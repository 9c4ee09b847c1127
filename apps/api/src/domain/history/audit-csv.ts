import type { AuditEntry } from '@boardwalk/shared';
import { csvLine } from '../../lib/csv.ts';

export const AUDIT_CSV_HEADER = [
  'at',
  'actor',
  'actor_email',
  'actor_user_id',
  'actor_token_id',
  'action',
  'subject_type',
  'subject_id',
  'subject_name',
  'outcome',
  'ip',
  'changes',
] as const;

export function auditCsvLine(entry: AuditEntry): string {
  return csvLine([
    entry.at,
    entry.actor.label,
    entry.actor.email,
    entry.actor.userId,
    entry.actor.tokenId,
    entry.action,
    entry.subjectType,
    entry.subjectId,
    entry.subjectName,
    entry.outcome,
    entry.ip,
    entry.changes,
  ]);
}

/** `audit-log-2026-11-22.csv`: the day of the export (UTC). */
export function auditCsvFilename(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}
