import type { AuditEntry } from '@boardwalk/shared';

/** A spreadsheet would run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a cell a spreadsheet would read as a formula gets a leading `'`
 * (OWASP's advice), then a cell holding a quote, comma or line break is quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const AUDIT_CSV_HEADER = [
  'at',
  'actor',
  'actor_email',
  'actor_user_id',
  'actor_token_id',
  'action',
  'subject_type',
  'subject_id',
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
    entry.outcome,
    entry.ip,
    entry.changes,
  ]);
}

/** `audit-log-2026-11-22.csv`: the day of the export (UTC). */
export function auditCsvFilename(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}
