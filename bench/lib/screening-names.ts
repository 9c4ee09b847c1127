/**
 * Names for the screening bench (bench/screening-pg.ts): a portfolio's owners and businesses drawn
 * from common first names and generated surnames (about 200,000 full names possible, so a
 * portfolio repeats some as a real one does), and a sanctions list in the Treasury's SDN CSV layout
 * whose names mostly come from elsewhere, with some surnames shared with the portfolio (the
 * near misses the matcher must weigh) and a few exact owner and business names (the hits).
 */

/** A seeded generator (mulberry32: exact in 32-bit integers), so two runs load the same names. */
let seed = 42;
export function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const FIRST = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph ' +
  'Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra ' +
  'Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy ' +
  'George Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob ' +
  'Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott ' +
  'Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick ' +
  'Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia ' +
  'Nathan Joyce Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Ethan Joan Walter Evelyn ' +
  'Noah Judith Jeremy Megan Christian Andrea Keith Cheryl Roger Hannah Terry Jacqueline Gerald Martha Harold Gloria ' +
  'Sean Teresa Austin Ann Carl Sara Arthur Madison Lawrence Frances Dylan Kathryn Jesse Janice Jordan Jean Bryan ' +
  'Abigail Billy Alice Joe Judy Bruce Sophia Gabriel Grace Logan Denise Albert Amber Willie Doris Alan Marilyn Juan ' +
  'Danielle Wayne Beverly Elijah Isabella Randy Theresa Roy Diana Vincent Natalie Ralph Brittany Eugene Charlotte'
).split(' ');
const SURNAME_HEADS = (
  'Ander Bal Cal Dal Ed Fair Gar Hart Ing Jen Kel Lind Mar Nor Ost Pem Quin Ros Sut Thorn Up Vance Wal Yar Zell ' +
  'Ash Black Brad Carr Dun Ell Fitz Gold Hal Hol Kings Lang Mor Pen Rich'
).split(' ');
const SURNAME_TAILS =
  'son ford ley ton well wood man ridge field by worth stein berg ez ini ov escu sen strom mann er ick ard ell ham'.split(
    ' ',
  );
const SURNAMES = SURNAME_HEADS.flatMap((h) => SURNAME_TAILS.map((t) => h + t));
const ADJECTIVES = (
  'Blue Harbor Maple Golden Summit Cedar River Oak Pine Coastal Silver Red Green North South East West Sunny Lucky ' +
  'Urban Village Prairie Mountain Valley Lake Bay Hill Forest Meadow Royal Prime Happy Bright Old New Little Grand'
).split(' ');
const KINDS = (
  'Bakery Cafe Books Hardware Florist Garage Salon Deli Tailor Market Pizza Diner Dental Pharmacy Cleaners Motors ' +
  'Fitness Spa Pets Liquors Jewelers Optical Plumbing Electric Roofing Landscaping Catering Brewing Grill Tacos'
).split(' ');

export function benchOwnerName() {
  return { first: pick(FIRST), last: pick(SURNAMES) };
}

export function benchBusinessName(i: number) {
  const kind = KINDS[i % KINDS.length]!;
  return random() < 0.4 ? `${pick(SURNAMES)}'s ${kind}` : `${pick(ADJECTIVES)} ${pick(ADJECTIVES)} ${kind}`;
}

const SYLLABLES = 'ka ro mi te lu sa vo ni qua zel bor tin gla per oss una vex dri mor fal ith al ha sha dar'.split(
  ' ',
);
const foreign = () => {
  let w = '';
  for (let i = 0, n = 2 + Math.floor(random() * 2); i < n; i++) w += pick(SYLLABLES);
  return w.charAt(0).toUpperCase() + w.slice(1);
};
const ENTITY_SUFFIXES = ['LLC', 'Ltd', 'GmbH', 'S.A.', 'Trading Co.', 'Holdings', 'FZE'];
const quote = (fields: (string | number)[]) =>
  fields.map((f) => (typeof f === 'number' ? String(f) : `"${f}"`)).join(',');

/** SDN.CSV and ALT.CSV of `entries` entries, the given owner and business names among them. */
export function benchListFiles(entries: number, ownerNames: string[], businessNames: string[]) {
  const planted = [
    ...ownerNames.slice(0, 40).map((n) => ({ person: true, name: n })),
    ...businessNames.slice(0, 20).map((n) => ({ person: false, name: n })),
  ];
  const rows: string[] = [];
  const aliases: string[] = [];
  for (let i = 1; i <= entries; i++) {
    const plant = i % 250 === 0 ? planted.shift() : undefined;
    const person = plant ? plant.person : random() < 0.6;
    let name: string;
    if (plant && person) {
      const [first, ...rest] = plant.name.split(' ');
      name = `${rest.join(' ').toUpperCase()}, ${first}`;
    } else if (plant) name = `${plant.name.toUpperCase()} ${pick(ENTITY_SUFFIXES)}`;
    else if (person)
      name = `${(random() < 0.05 ? pick(SURNAMES) : foreign()).toUpperCase()}, ${random() < 0.1 ? pick(FIRST) : foreign()} ${foreign()}`;
    else name = `${foreign()} ${foreign()} ${pick(ENTITY_SUFFIXES)}`;
    const remarks = person ? `DOB ${1940 + (i % 60)}; nationality Freedonia.` : '-0- ';
    rows.push(quote([i, name, person ? 'individual' : '-0- ', 'BENCH', ...Array<string>(7).fill('-0- '), remarks]));
    if (i % 3 === 0) aliases.push(quote([i, i, 'aka', `${foreign()} ${foreign()}`, '-0- ']));
  }
  return { entries: rows.join('\r\n'), alternateNames: aliases.join('\r\n') };
}
