/**
 * Sanctions screening's matching cost (docs/decisions/099), in memory: a generated list of
 * ENTRIES entries (default 15,000) in the Treasury's SDN CSV layout, with one alias for every
 * third, parsed by the importer's parser and indexed; then MERCHANTS generated merchants
 * (default 100,000), each with a DBA, a legal name and one or two owners, matched at the default
 * threshold. Prints the parse, index and match times and the slowest single merchant.
 *
 * Not measured here: the database side of a rescreen (loading merchants and owners in batches
 * of 500, decrypting dates of birth, writing hits): bench/screening-pg.ts measures that, with the
 * budgets, on a PostgreSQL database it makes and drops.
 *
 *   node bench/screening.ts            # ENTRIES=15000 MERCHANTS=100000
 */
import { parseListFiles } from '../apps/api/src/domain/underwriting/screening-csv.ts';
import { NameIndex } from '../apps/api/src/domain/underwriting/screening-match.ts';

const ENTRIES = Number(process.env.ENTRIES ?? 15_000);
const MERCHANTS = Number(process.env.MERCHANTS ?? 100_000);
const THRESHOLD = 0.88;

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const SYLLABLES = 'ka ro mi te lu sa vo ni qua zel bor tin gla per oss una vex dri mor fal ith'.split(' ');
const word = () => {
  const n = 2 + Math.floor(random() * 2);
  let w = '';
  for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return w.charAt(0).toUpperCase() + w.slice(1);
};
const SUFFIXES = ['LLC', 'Inc', 'Ltd', 'GmbH', 'S.A.', 'Trading Co.', 'Holdings'];

const quote = (fields: (string | number)[]) =>
  fields.map((f) => (typeof f === 'number' ? String(f) : `"${f}"`)).join(',');
const entryRows: string[] = [];
const altRows: string[] = [];
for (let i = 1; i <= ENTRIES; i++) {
  const person = random() < 0.6;
  const name = person ? `${word().toUpperCase()}, ${word()} ${word()}` : `${word()} ${word()} ${SUFFIXES[i % 7]}`;
  const remarks = person ? `DOB ${1940 + (i % 60)}; nationality Freedonia.` : '-0- ';
  entryRows.push(quote([i, name, person ? 'individual' : '-0- ', 'BENCH', ...Array(7).fill('-0- '), remarks]));
  if (i % 3 === 0) altRows.push(quote([i, i, 'aka', `${word()} ${word()}`, '-0- ']));
}

let t = performance.now();
const parsed = parseListFiles({ entries: entryRows.join('\r\n'), alternateNames: altRows.join('\r\n') });
const parseMs = performance.now() - t;
t = performance.now();
const index = new NameIndex(parsed.entries.map((e) => ({ listId: 'bench', ...e })));
const indexMs = performance.now() - t;

let hits = 0;
let names = 0;
let slowest = 0;
t = performance.now();
for (let m = 0; m < MERCHANTS; m++) {
  const started = performance.now();
  const business = `${word()} ${word()}`;
  const subjects = [
    { subject: 'business', name: `${business} ${SUFFIXES[m % 7]}`, country: 'US' },
    { subject: 'business', name: `${business} Group`, country: 'US' },
    { subject: 'owner', name: `${word()} ${word()}`, birthDate: '1970-01-01', country: 'US' },
    ...(m % 2 ? [{ subject: 'owner', name: `${word()} ${word()}`, birthDate: '1980-06-01', country: 'US' }] : []),
  ];
  for (const s of subjects) hits += index.match(s, THRESHOLD).length;
  names += subjects.length;
  slowest = Math.max(slowest, performance.now() - started);
}
const matchMs = performance.now() - t;

console.log(
  JSON.stringify(
    {
      entries: parsed.entries.length,
      indexedNames: index.size,
      merchants: MERCHANTS,
      namesScreened: names,
      hits,
      parseMs: Math.round(parseMs),
      indexMs: Math.round(indexMs),
      matchSeconds: Math.round(matchMs / 100) / 10,
      perMerchantMs: Math.round((matchMs / MERCHANTS) * 1000) / 1000,
      slowestMerchantMs: Math.round(slowest * 10) / 10,
    },
    null,
    2,
  ),
);
