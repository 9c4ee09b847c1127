import { SaxesParser } from 'saxes';
import { ProblemError } from '../../lib/problem.ts';
import type { ParsedEntry, ParsedList } from './screening-csv.ts';

/**
 * The UN Security Council consolidated list as published (consolidated.xml): a root
 * CONSOLIDATED_LIST with INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY records, read into the same
 * entries as the Treasury's CSV files (docs/decisions/119). saxes reads no DTD and expands no
 * entity the file declares, and a DOCTYPE is refused outright: the published file has none, so
 * one is a sign of a crafted file (entity expansion, external entities), not of the UN's list.
 */

type Kind = 'individual' | 'entity';
type Group = Map<string, string>;
type Rec = {
  kind: Kind;
  line: number;
  fields: Map<string, string>;
  aliases: string[];
  countries: string[];
  birthDates: string[];
  addresses: number;
};

const RECORDS: Record<string, { parent: string; kind: Kind }> = {
  INDIVIDUAL: { parent: 'INDIVIDUALS', kind: 'individual' },
  ENTITY: { parent: 'ENTITIES', kind: 'entity' },
};
const GROUPS = new Set([
  'INDIVIDUAL_ALIAS',
  'ENTITY_ALIAS',
  'INDIVIDUAL_DATE_OF_BIRTH',
  'INDIVIDUAL_ADDRESS',
  'ENTITY_ADDRESS',
  'NATIONALITY',
]);
const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];
/** `ent_num` is a PostgreSQL integer. */
const DATAID = /^\d{1,9}$/;
/** A "between" birth range wider than this says nothing a birth year could be checked against. */
const MAX_BIRTH_RANGE = 30;

export function badUnFile(why: string) {
  const message = `The UN list file is not in the publisher's format: ${why}`;
  return new ProblemError(400, message, { errors: { entries: [message] } });
}

const pushNew = (list: string[], value: string | undefined) => {
  if (value && !list.includes(value)) list.push(value);
};

/** A date of birth as the list gives it: an exact date, a year (maybe approximate) or a range of years. */
function birthDatesOf(group: Group): string[] {
  const date = group.get('DATE');
  if (date) return [date];
  const year = group.get('YEAR');
  if (year) return [group.get('TYPE_OF_DATE') === 'APPROXIMATELY' ? `circa ${year}` : year];
  const from = Number(group.get('FROM_YEAR'));
  const to = Number(group.get('TO_YEAR'));
  // Each year of the range, so that the matcher's "a year within one of the owner's" holds for all of it.
  if (!Number.isInteger(from) || !Number.isInteger(to) || from <= 0 || to < from || to - from > MAX_BIRTH_RANGE) {
    return [];
  }
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

function closeGroup(rec: Rec, name: string, group: Group, nationalities: string[]) {
  if (name === 'NATIONALITY') {
    for (const value of nationalities) pushNew(rec.countries, value);
  } else if (name.endsWith('_ALIAS')) {
    pushNew(rec.aliases, group.get('ALIAS_NAME'));
  } else if (name.endsWith('_ADDRESS')) {
    if ([...group.values()].some(Boolean)) rec.addresses += 1;
    pushNew(rec.countries, group.get('COUNTRY'));
  } else {
    for (const d of birthDatesOf(group)) pushNew(rec.birthDates, d);
  }
}

function toEntry(rec: Rec, seen: Set<number>): ParsedEntry {
  const where = `the ${rec.kind} at line ${rec.line}`;
  const dataId = rec.fields.get('DATAID') ?? '';
  if (!DATAID.test(dataId)) throw badUnFile(`${where} has no DATAID (a number of at most 9 digits)`);
  const entNum = Number(dataId);
  if (seen.has(entNum)) throw badUnFile(`${where} repeats DATAID ${entNum}`);
  seen.add(entNum);
  const name = NAME_PARTS.map((p) => rec.fields.get(p))
    .filter(Boolean)
    .join(' ');
  if (!name) throw badUnFile(`${where} has no name (FIRST_NAME)`);
  const reference = rec.fields.get('REFERENCE_NUMBER');
  return {
    entNum,
    name,
    type: rec.kind,
    programs: rec.fields.get('UN_LIST_TYPE') ?? '',
    remarks: [reference ? `UN reference ${reference}` : '', rec.fields.get('COMMENTS1') ?? '']
      .filter(Boolean)
      .join('. '),
    aliases: rec.aliases.filter((a) => a !== name),
    countries: rec.countries,
    birthDates: rec.birthDates,
  };
}

/** Reads the XML's text into entries; anything that is not the UN's list is a 400 on `entries`. */
export function parseUnXml(xml: string): ParsedList {
  const entries: ParsedEntry[] = [];
  const seen = new Set<number>();
  const stack: string[] = [];
  let addressCount = 0;
  let rec: Rec | undefined;
  let group: Group | undefined;
  let nationalities: string[] = [];
  let text = '';
  const parser = new SaxesParser();
  parser.on('doctype', () => {
    throw badUnFile('it declares a DOCTYPE, which the published list does not (entities are not read)');
  });
  parser.on('opentag', (tag) => {
    const name = tag.name;
    if (stack.length === 0 && name !== 'CONSOLIDATED_LIST') {
      throw badUnFile(`its root element is <${name}>, not the UN list's <CONSOLIDATED_LIST>`);
    }
    stack.push(name);
    text = '';
    const record = Object.hasOwn(RECORDS, name) ? RECORDS[name] : undefined;
    if (record && stack.length === 3 && record.parent === stack[1]) {
      rec = {
        kind: record.kind,
        line: parser.line,
        fields: new Map(),
        aliases: [],
        countries: [],
        birthDates: [],
        addresses: 0,
      };
    } else if (rec && stack.length === 4 && GROUPS.has(name)) {
      group = new Map();
      nationalities = [];
    }
  });
  const onText = (t: string) => {
    text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const name = stack.pop()!;
    const value = text.trim();
    text = '';
    if (!rec) return;
    if (stack.length === 2) {
      entries.push(toEntry(rec, seen));
      addressCount += rec.addresses;
      rec = undefined;
    } else if (stack.length === 3 && group) {
      closeGroup(rec, name, group, nationalities);
      group = undefined;
    } else if (stack.length === 3) {
      rec.fields.set(name, value);
    } else if (stack.length === 4 && group) {
      if (stack[3] === 'NATIONALITY' && name === 'VALUE') nationalities.push(value);
      else group.set(name, value);
    }
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    throw badUnFile(`it is not well-formed XML (line ${parser.line})`);
  }
  if (entries.length === 0) throw badUnFile('it has no INDIVIDUAL or ENTITY records');
  return {
    entries,
    aliasCount: entries.reduce((n, e) => n + e.aliases.length, 0),
    addressCount,
  };
}
