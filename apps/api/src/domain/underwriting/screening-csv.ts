import { parse } from 'csv-parse/sync';
import { ProblemError } from '../../lib/problem.ts';

/**
 * The U.S. Treasury's list files (SDN.CSV, ADD.CSV, ALT.CSV and the Consolidated list's
 * CONS_PRIM/CONS_ADD/CONS_ALT, same layout): no header row, every field quoted, "-0-" for empty,
 * and a Ctrl-Z (0x1A) after the last line. A file that is not of this shape is a 400 naming the
 * file and line, never a half import.
 */

export type ParsedEntry = {
  entNum: number;
  name: string;
  type: string;
  programs: string;
  remarks: string;
  aliases: string[];
  countries: string[];
  birthDates: string[];
};

export type ParsedList = { entries: ParsedEntry[]; addressCount: number; aliasCount: number };

type FileField = 'entries' | 'addresses' | 'alternateNames';

/** The end-of-file mark the Treasury's files still carry. */
const CTRL_Z = String.fromCharCode(0x1a);
const EMPTY = /^-0-\s*$/;
const clean = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return EMPTY.test(v) ? '' : v;
};

function rowsOf(text: string, field: FileField, minColumns: number): string[][] {
  let rows: string[][];
  try {
    const parsed: unknown = parse(text.replaceAll(CTRL_Z, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
    rows = parsed as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badFile(field, `it is not a CSV file${line ? ` (line ${line})` : ''}`);
  }
  rows.forEach((row, i) => {
    // At most 9 digits: ent_num is a PostgreSQL integer, and a longer one would fail the insert.
    if (row.length < minColumns || !/^\d{1,9}$/.test(row[0]!.trim())) {
      throw badFile(field, `line ${i + 1} is not a list row (a number first, then ${minColumns - 1} or more fields)`);
    }
  });
  return rows;
}

function badFile(field: FileField, why: string) {
  const label = { entries: 'entries', addresses: 'addresses', alternateNames: 'alternate names' }[field];
  const message = `The ${label} file is not in the publisher's format: ${why}`;
  return new ProblemError(400, message, { errors: { [field]: [message] } });
}

const DOB = /\bDOB\s+([^;.]+?)(?=;|\.|$)/gi;
const NATIONALITY = /\b(?:nationality|citizen)\s+([A-Z][A-Za-z ,'-]+?)(?=;|\.|$)/g;

/** Entries (SDN.CSV: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_*, Remarks). */
export function parseListFiles(files: { entries: string; addresses?: string; alternateNames?: string }): ParsedList {
  const entries = new Map<number, ParsedEntry>();
  for (const row of rowsOf(files.entries, 'entries', 3)) {
    const entNum = Number(row[0]);
    const remarks = clean(row[11]);
    entries.set(entNum, {
      entNum,
      name: clean(row[1]),
      type: clean(row[2]),
      programs: clean(row[3]),
      remarks,
      aliases: [],
      countries: [...remarks.matchAll(NATIONALITY)].map((m) => m[1]!.trim()),
      birthDates: [...remarks.matchAll(DOB)].map((m) => m[1]!.trim()),
    });
  }
  if (entries.size === 0) throw badFile('entries', 'it has no rows');
  let addressCount = 0;
  // ADD.CSV: ent_num, Add_num, Address, City/State/Province/Postal Code, Country, Add_remarks.
  for (const row of files.addresses ? rowsOf(files.addresses, 'addresses', 5) : []) {
    const entry = entries.get(Number(row[0]));
    const country = clean(row[4]);
    if (!entry) continue; // an address of an entry the list no longer has
    addressCount += 1;
    if (country && !entry.countries.includes(country)) entry.countries.push(country);
  }
  let aliasCount = 0;
  // ALT.CSV: ent_num, alt_num, alt_type (aka, fka, nka), alt_name, alt_remarks.
  for (const row of files.alternateNames ? rowsOf(files.alternateNames, 'alternateNames', 4) : []) {
    const entry = entries.get(Number(row[0]));
    const alias = clean(row[3]);
    if (!entry || !alias) continue;
    aliasCount += 1;
    entry.aliases.push(alias);
  }
  return { entries: [...entries.values()], addressCount, aliasCount };
}
