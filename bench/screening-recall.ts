/**
 * What the sanctions name matcher finds (docs/decisions/116), in memory: the screening bench's
 * portfolio and list (bench/lib/screening-names.ts, 60 exact owner and business names planted in
 * a 15,000-entry list) matched at the default threshold. Prints how many planted names hit their
 * own entry (recall) and how many other subjects get a hit at all (near misses a person must clear).
 *
 *   ./node_modules/.bin/node bench/screening-recall.ts [merchants]     # default 20,000
 */
import { parseListFiles } from '../apps/api/src/domain/underwriting/screening-csv.ts';
import { NameIndex, nameKey, type NameMatch } from '../apps/api/src/domain/underwriting/screening-match.ts';
import { benchBusinessName, benchListFiles, benchOwnerName, random } from './lib/screening-names.ts';

const MERCHANTS = Number(process.argv[2] ?? 20_000);
const THRESHOLD = 0.88;

const businesses: string[] = [];
const owners: string[] = [];
const plantedOwners: string[] = [];
const plantedBusinesses: string[] = [];
for (let i = 0; i < MERCHANTS; i++) {
  const dba = benchBusinessName(i);
  businesses.push(dba);
  if (i % 1000 === 0) plantedBusinesses.push(dba);
  for (let k = 0, n = 1 + Math.floor(random() * 2.2); k < n; k++) {
    const owner = benchOwnerName();
    const full = `${owner.first} ${owner.last}`;
    owners.push(full);
    if (plantedOwners.length < 2000 && random() < 0.02) plantedOwners.push(full);
  }
}
const { entries } = parseListFiles(benchListFiles(15_000, plantedOwners, plantedBusinesses));
const index = new NameIndex(entries.map((e) => ({ ...e, listId: 'bench', countries: [], birthDates: [] })));
const planted = [...plantedOwners.slice(0, 40), ...plantedBusinesses.slice(0, 20)];
const isPlanted = new Set(planted);
// Found: a hit on the planted entry itself (its words include the name's), not on a near miss.
const isEntryOf = (name: string, match: NameMatch) => {
  const listed = new Set(nameKey(match.matchedName).split(' '));
  return nameKey(name)
    .split(' ')
    .every((w) => listed.has(w));
};
const missed = planted.filter(
  (name) => !index.match({ subject: 'x', name }, THRESHOLD).some((m) => isEntryOf(name, m)),
);
const others: string[] = [];
let otherHits = 0;
for (const name of [...businesses, ...owners]) {
  if (isPlanted.has(name)) continue;
  const [best]: NameMatch[] = index.match({ subject: 'x', name }, THRESHOLD);
  if (!best) continue;
  otherHits += 1;
  if (others.length < 10) others.push(`${name} ~ ${best.matchedName} ${best.score}`);
}
console.log(
  JSON.stringify(
    {
      subjects: businesses.length + owners.length,
      planted: planted.length,
      found: planted.length - missed.length,
      missed,
      otherSubjectsWithAHit: otherHits,
      sampleOthers: others,
    },
    null,
    2,
  ),
);
