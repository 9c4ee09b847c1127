/**
 * CSV cells and lines (RFC 4180) for both sides: the API streams exports with them
 * (apps/api/src/lib/csv.ts) and /report builds its downloads in the browser with them.
 */

/** A spreadsheet would run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel reads a UTF-8 file as UTF-8 only when it starts with this. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * One CSV cell: a cell a spreadsheet would read as a formula gets a leading `'` (OWASP's
 * advice), then a cell holding a quote, comma or line break is quoted, its quotes doubled.
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
