import { MERCHANT_IMPORT_MAX_CELL, MERCHANT_IMPORT_MAX_COLUMNS } from '@boardwalk/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { badFile, cellTooLong, toSheet, tooManyColumns, type Sheet } from './import-sheet.ts';

/**
 * The text of a CSV file. UTF-8 (with or without its byte order mark) is read as it is; UTF-16
 * is read only with its byte order mark (what Excel's "Unicode text" writes). Anything else that
 * is not valid UTF-8 (Windows-1252 from an old Excel, Latin-1) is refused rather than guessed:
 * a wrong guess would store mangled names without anyone noticing.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badFile('The file is not UTF-8 text: in Excel, save it as "CSV UTF-8"');
  }
}

/**
 * Counts the first record's fields, stopping as soon as there are too many: a header of a million
 * columns is refused before the parser builds a million cells.
 */
function assertHeaderWidth(text: string) {
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') {
      fields += 1;
      if (fields > MERCHANT_IMPORT_MAX_COLUMNS) throw tooManyColumns();
    } else if (!quoted && (ch === '\n' || ch === '\r')) return;
  }
}

/** A CSV file's cells as text: nothing is evaluated, a cell starting with `=` stays that text. */
export function parseCsv(bytes: Uint8Array): Sheet {
  const text = decodeCsv(bytes);
  if (text.includes('\0')) throw badFile('The file holds binary data: upload a CSV or XLSX file');
  assertHeaderWidth(text);
  let records: string[][];
  try {
    const parsed: unknown = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // A record longer than every cell of a full row could be is a broken or hostile file.
      max_record_size: MERCHANT_IMPORT_MAX_CELL * 4,
    });
    records = parsed as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      if (error.code === 'CSV_MAX_RECORD_SIZE') throw cellTooLong(line ?? 0);
      throw badFile(`The CSV cannot be read${line ? ` at line ${line}` : ''}: ${error.message}`);
    }
    throw error;
  }
  records.forEach((record, index) => {
    if (record.some((cell) => cell.length > MERCHANT_IMPORT_MAX_CELL)) throw cellTooLong(index + 1);
  });
  return toSheet(records);
}
