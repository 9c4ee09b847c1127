import { parseCsv } from './import-csv.ts';
import { badFile, type Sheet } from './import-sheet.ts';
import { parseXlsx } from './import-xlsx.ts';

export type ImportFormat = 'csv' | 'xlsx';

/**
 * The sheet of an uploaded file, told apart by its first bytes, not its name: a zip archive is
 * read as XLSX, an old binary workbook is refused, anything else is read as CSV text.
 */
export function readImportFile(bytes: Uint8Array): { format: ImportFormat; sheet: Sheet } {
  if (bytes.length === 0) throw badFile('The file is empty');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return { format: 'xlsx', sheet: parseXlsx(bytes) };
  }
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    throw badFile('Old Excel files (.xls) are not read: save the sheet as XLSX or CSV UTF-8');
  }
  return { format: 'csv', sheet: parseCsv(bytes) };
}
