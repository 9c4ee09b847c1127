/**
 * Name matching for sanctions screening (docs/decisions/099), in memory: names are normalised
 * (case, accents, punctuation, word order, business suffixes), a trigram index narrows the list
 * to candidates, and Jaro–Winkler over the sorted words scores them, capped by how much of both
 * names their words cover (docs/decisions/116). Date of birth and country only ever lower a score:
 * a list entry seldom records them, and their absence proves nothing.
 */

import { jaroWinkler, nameScore } from './name-score.ts';

/** Words that say what kind of company it is, not which one. */
const BUSINESS_SUFFIXES = new Set(
  (
    'llc inc incorporated ltd limited co corp corporation company plc gmbh ag sa sas sarl srl spa ' +
    'bv nv pty oy ab as llp lp pc pllc kg ohg ug ooo zao oao pao jsc ojsc cjsc sl sau se kk the'
  ).split(' '),
);

/** Lower case, no accents, `&` as "and", dotted initials joined (S.A. → sa), one space between words. */
export function normaliseWords(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/(?<=\b\p{L})\.(?=\p{L}\b)/gu, '')
    .replace(/\.(?=\s|$)/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = plain === '' ? [] : plain.split(' ');
  const kept = words.filter((w) => !BUSINESS_SUFFIXES.has(w));
  return kept.length > 0 ? kept : words; // "The Company LLC" keeps its words rather than none
}

/** The comparable form of a name: its normalised words sorted, so word order does not count. */
export function nameKey(name: string): string {
  return normaliseWords(name).sort().join(' ');
}

function trigrams(key: string): Set<string> {
  const padded = `  ${key} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** A list entry as matching needs it. */
export type MatchEntry = {
  listId: string;
  entNum: number;
  name: string;
  programs?: string;
  aliases: string[];
  countries: string[];
  birthDates: string[];
};

export type Subject = {
  /** "business" or "owner:<id>". */
  subject: string;
  name: string;
  /** ISO 3166 alpha-2 code, as merchants store it. */
  country?: string | undefined;
  /** YYYY-MM-DD. */
  birthDate?: string | undefined;
};

export type NameMatch = { entry: MatchEntry; matchedName: string; score: number };

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return (countryNames.of(code.toUpperCase()) ?? code).toLowerCase();
  } catch {
    return code.toLowerCase();
  }
}

const yearsOf = (text: string) => [...text.matchAll(/\b(?:19|20)\d{2}\b/g)].map((m) => Number(m[0]));

/** A list that knows a birth year none of which is within a year of the owner's: less likely the same person. */
const BIRTH_YEAR_DIFFERS = 0.9;
/** A list that knows the entry's countries, none the subject's. */
const COUNTRY_DIFFERS = 0.95;

export function adjustScore(score: number, entry: MatchEntry, subject: Subject): number {
  let adjusted = score;
  const ownerYear = subject.birthDate ? Number(subject.birthDate.slice(0, 4)) : NaN;
  const listYears = entry.birthDates.flatMap(yearsOf);
  if (Number.isFinite(ownerYear) && listYears.length > 0 && !listYears.some((y) => Math.abs(y - ownerYear) <= 1)) {
    adjusted *= BIRTH_YEAR_DIFFERS;
  }
  if (subject.country && entry.countries.length > 0) {
    const ours = countryName(subject.country);
    if (!entry.countries.some((c) => c.toLowerCase() === ours || c.toLowerCase() === subject.country!.toLowerCase())) {
      adjusted *= COUNTRY_DIFFERS;
    }
  }
  return adjusted;
}

/** Every name of the active lists, indexed by trigram so that a query scores only likely names. */
export class NameIndex {
  private readonly keys: string[] = [];
  private readonly owners: { entry: MatchEntry; name: string }[] = [];
  private readonly postings = new Map<string, number[]>();
  private counts: Uint16Array | undefined;

  constructor(entries: Iterable<MatchEntry>) {
    for (const entry of entries) {
      for (const name of [entry.name, ...entry.aliases]) {
        const key = nameKey(name);
        if (key === '') continue;
        const at = this.keys.push(key) - 1;
        this.owners.push({ entry, name });
        for (const gram of trigrams(key)) {
          const list = this.postings.get(gram);
          if (list) list.push(at);
          else this.postings.set(gram, [at]);
        }
      }
    }
  }

  get size() {
    return this.keys.length;
  }

  /** The best-scoring name of each entry at or above `threshold`, after date of birth and country. */
  match(subject: Subject, threshold: number): NameMatch[] {
    const key = nameKey(subject.name);
    if (key.length < 3) return [];
    const grams = trigrams(key);
    // Shared trigrams per indexed name in one typed array kept between calls (match never
    // awaits, so no two calls share it at once), reset through the list of names touched: a Map
    // here spent about a millisecond a name on common trigrams' long postings
    // (docs/decisions/112).
    const counts = (this.counts ??= new Uint16Array(this.keys.length));
    const touched: number[] = [];
    for (const gram of grams) {
      const postings = this.postings.get(gram);
      if (!postings) continue;
      for (const at of postings) if (counts[at]!++ === 0) touched.push(at);
    }
    // Names this similar share a good part of their trigrams; the rest cannot reach the threshold.
    const needed = Math.max(1, Math.floor(grams.size * 0.3));
    const best = new Map<MatchEntry, NameMatch>();
    for (const at of touched) {
      const shared = counts[at]!;
      counts[at] = 0;
      if (shared < needed) continue;
      // The whole-string score first: cheap, and most candidates stop there.
      if (jaroWinkler(key, this.keys[at]!) < threshold) continue;
      const raw = nameScore(key, this.keys[at]!);
      if (raw < threshold) continue;
      const { entry, name } = this.owners[at]!;
      const score = Math.round(adjustScore(raw, entry, subject) * 1000) / 1000;
      if (score < threshold) continue;
      const seen = best.get(entry);
      if (!seen || seen.score < score) best.set(entry, { entry, matchedName: name, score });
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }
}
