import { MERCHANT_IMPORT_MAX_CELL, MERCHANT_IMPORT_MAX_COLUMNS, MERCHANT_IMPORT_MAX_ROWS } from '@boardwalk/shared';
import { ProblemError } from '../../lib/problem.ts';

/** A spreadsheet as the import reads it: the header row and the data rows, every cell text. */
export type Sheet = { header: string[]; rows: string[][] };

/** A file the import refuses: a 400 naming what is wrong, on the `content` field. */
export function badFile(message: string): ProblemError {
  return new ProblemError(400, message, { errors: { content: [message] } });
}

export const tooManyColumns = () =>
  badFile(`The file has more than ${MERCHANT_IMPORT_MAX_COLUMNS} columns: keep only the merchant columns`);
export const tooManyRows = () =>
  badFile(`The file has more than ${MERCHANT_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it`);
export const cellTooLong = (line: number) =>
  badFile(`A cell on line ${line} is longer than ${MERCHANT_IMPORT_MAX_CELL.toLocaleString('en-US')} characters`);

/**
 * The header and rows from the records read: blank rows dropped, rows padded to the header's
 * width, and the limits checked once more whatever the format.
 */
export function toSheet(records: string[][]): Sheet {
  const [header, ...rest] = records;
  if (!header || header.every((cell) => cell.trim() === '')) throw badFile('The file has no header row');
  if (header.length > MERCHANT_IMPORT_MAX_COLUMNS) throw tooManyColumns();
  const width = header.length;
  const rows: string[][] = [];
  for (const record of rest) {
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.length > width && record.slice(width).some((cell) => cell.trim() !== '')) {
      throw badFile(`Line ${rows.length + 2} has more cells than the header`);
    }
    rows.push(Array.from({ length: width }, (_, i) => record[i] ?? ''));
  }
  if (rows.length === 0) throw badFile('The file has a header but no rows');
  if (rows.length > MERCHANT_IMPORT_MAX_ROWS) throw tooManyRows();
  return { header: header.map((cell) => cell.trim()), rows };
}
