import { MERCHANT_IMPORT_MAX_CELL, MERCHANT_IMPORT_MAX_COLUMNS, MERCHANT_IMPORT_MAX_ROWS } from '@boardwalk/shared';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { badFile, cellTooLong, toSheet, tooManyColumns, tooManyRows, type Sheet } from './import-sheet.ts';
import { unzipBounded } from './import-unzip.ts';

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * Runs an XML part through saxes. saxes reads no DTD and expands no entity of its own
 * definition, so "billion laughs" is an error, not an expansion.
 */
function readXml(
  bytes: Uint8Array | undefined,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
) {
  if (!bytes) return;
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(tag.name));
  if (handlers.text) parser.on('text', handlers.text);
  try {
    parser.write(utf8.decode(bytes)).close();
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    throw badFile('The workbook is damaged: one of its parts is not well-formed XML');
  }
}

/** The shared strings table: cells of type `s` hold an index into it. */
function sharedStrings(bytes: Uint8Array | undefined): string[] {
  const strings: string[] = [];
  let current: string[] | undefined;
  let inText = false;
  readXml(bytes, {
    open: (tag) => {
      if (tag.name === 'si') current = [];
      else if (tag.name === 't') inText = true;
      else if (tag.name === 'rPh') inText = false; // phonetic hints are not the cell's text
    },
    text: (text) => {
      if (inText && current) current.push(text);
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'si' && current) {
        strings.push(current.join(''));
        current = undefined;
      }
    },
  });
  return strings;
}

/** "BC12" → 54 (0-based column). */
function columnOf(ref: string | undefined, fallback: number): number {
  const letters = /^([A-Z]{1,3})\d*$/.exec(ref ?? '')?.[1];
  if (!letters) return fallback;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The first worksheet's path, from the workbook and its relationships. */
function firstSheetPath(parts: Map<string, Uint8Array>): string {
  let relId: string | undefined;
  readXml(parts.get('xl/workbook.xml'), {
    open: (tag) => {
      if (tag.name === 'sheet' && relId === undefined) relId = tag.attributes['r:id'];
    },
  });
  let target: string | undefined;
  readXml(parts.get('xl/_rels/workbook.xml.rels'), {
    open: (tag) => {
      if (tag.name === 'Relationship' && tag.attributes.Id === relId) target = tag.attributes.Target;
    },
  });
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/**
 * The first worksheet of an XLSX workbook, every cell as text. A formula cell is imported as its
 * formula's text (`=SUM(A1:A2)`), never evaluated and never its cached result; a number is the
 * number as written (dates arrive as Excel serial numbers and are read by the field's rules).
 */
export function parseXlsx(bytes: Uint8Array): Sheet {
  const parts = unzipBounded(
    bytes,
    (name) => (name.startsWith('xl/') && name.endsWith('.xml')) || name.endsWith('.rels'),
  );
  if (!parts.has('xl/workbook.xml')) throw badFile('The file is not an Excel workbook (XLSX)');
  const strings = sharedStrings(parts.get('xl/sharedStrings.xml'));
  const sheet = parts.get(firstSheetPath(parts));
  if (!sheet) throw badFile('The workbook has no worksheet');

  const records: string[][] = [];
  let row: string[] | undefined;
  let cell: { column: number; type: string; value: string; formula: string } | undefined;
  let reading: 'v' | 't' | 'f' | undefined;
  readXml(sheet, {
    open: (tag) => {
      if (tag.name === 'row') {
        if (records.length > MERCHANT_IMPORT_MAX_ROWS) throw tooManyRows();
        row = [];
      } else if (tag.name === 'c' && row) {
        const column = columnOf(tag.attributes.r, row.length);
        if (column >= MERCHANT_IMPORT_MAX_COLUMNS) throw tooManyColumns();
        cell = { column, type: tag.attributes.t ?? 'n', value: '', formula: '' };
      } else if (cell && (tag.name === 'v' || tag.name === 't' || tag.name === 'f')) reading = tag.name;
    },
    text: (text) => {
      if (!cell || !reading) return;
      if (reading === 'f') cell.formula += text;
      else cell.value += text;
      if (cell.value.length + cell.formula.length > MERCHANT_IMPORT_MAX_CELL) throw cellTooLong(records.length + 1);
    },
    close: (name) => {
      if (name === 'v' || name === 't' || name === 'f') reading = undefined;
      else if (name === 'c' && row && cell) {
        const value =
          cell.formula !== ''
            ? `=${cell.formula}`
            : cell.type === 's'
              ? (strings[Number(cell.value)] ?? '')
              : cell.type === 'b'
                ? cell.value === '1'
                  ? 'TRUE'
                  : 'FALSE'
                : cell.value;
        while (row.length < cell.column) row.push('');
        row[cell.column] = value;
        cell = undefined;
      } else if (name === 'row' && row) {
        records.push(row);
        row = undefined;
      }
    },
  });
  return toSheet(records);
}
