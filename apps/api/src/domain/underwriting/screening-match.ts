/**
 * Name matching for sanctions screening (docs/decisions/099), in memory: names are normalised
 * (case, accents, punctuation, word order, business suffixes), a trigram index narrows the list
 * to candidates, and Jaro–Winkler over the sorted words scores them, capped by how much of both
 * names their words cover (docs/decisions/116). Date of birth and country only ever lower a score:
 * a list entry seldom records them, and their absence proves nothing.
 */

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

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length === 0 ? 0 : 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const matchedB = new Uint8Array(lb);
  const matchedA = new Uint8Array(la);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Two words at least this alike are one word with a typo; below it they are different words. */
export const WORD_ALIKE = 0.85;

/** A word written as two ("Glimmer Wick") counts as the one word only this alike: a joined pair's prefix is long. */
const JOINED_ALIKE = 0.95;

/**
 * Every two words of a name joined, in both orders (the key sorts its words, so the halves of a
 * split word need not sit side by side): a name has a handful of words, and only candidates that
 * passed the whole-string score get here.
 */
const joinedPairs = (words: readonly string[]) =>
  words.flatMap((w, i) => words.flatMap((v, j) => (i === j ? [] : [{ i, j, joined: w + v }])));

/** A word's best Jaro–Winkler among `others`, or 0 under `alike`. */
function bestAlike(word: string, others: readonly string[], alike: number): number {
  let best = 0;
  for (const other of others) best = Math.max(best, word === other ? 1 : jaroWinkler(word, other));
  return best >= alike ? best : 0;
}

/**
 * Words that many unrelated companies carry ("Holdings", "Trading"): they weigh a quarter of their
 * letters, so "Penstrom's Bakery" still covers most of "PENSTROM'S BAKERY Holdings" and
 * "International Bakery" little of "International Holdings".
 */
const GENERIC_WORDS = new Set(
  'holding holdings trading group international industries industrial enterprise enterprises services general global'.split(
    ' ',
  ),
);
const GENERIC_WEIGHT = 0.25;
const weightOf = (word: string) => (GENERIC_WORDS.has(word) ? GENERIC_WEIGHT * word.length : word.length);

/** The weight of `mine` that `theirs` covers, each word weighted by how alike its best counterpart is. */
function coveredLetters(mine: readonly string[], theirs: readonly string[]): number {
  const theirsJoined = joinedPairs(theirs).map((p) => p.joined);
  const best = mine.map((w) => Math.max(bestAlike(w, theirs, WORD_ALIKE), bestAlike(w, theirsJoined, JOINED_ALIKE)));
  for (const { i, j, joined } of joinedPairs(mine)) {
    const alike = bestAlike(joined, theirs, JOINED_ALIKE);
    best[i] = Math.max(best[i]!, alike);
    best[j] = Math.max(best[j]!, alike);
  }
  return mine.reduce((sum, w, i) => sum + best[i]! * weightOf(w), 0);
}

const weightOfAll = (words: readonly string[]) => words.reduce((sum, w) => sum + weightOf(w), 0);

/**
 * How much of both names their words cover: each word of either name counts its letters times its
 * best Jaro–Winkler against the other name's words (nothing under WORD_ALIKE; a word written as
 * two is matched joined; a generic word weighs less), over the letters of both names. A shared
 * word counts only for its share of both names, so "Abdullah Rahman" and "Abdullah Trading" cover
 * half of each other, however well the whole strings line up; the same words in any order, or
 * with a typo each, cover nearly all.
 *
 * One exception: a name of two or more distinctive words found whole in a longer one counts as
 * covered ("Bartholomew Glimmerwick" in "GLIMMERWICK, Bartholomew Xyver": a list names people in
 * full, a merchant's owner often without the middle name). One shared word never qualifies.
 */
export function wordCoverage(a: readonly string[], b: readonly string[]): number {
  const letters = weightOfAll(a) + weightOfAll(b);
  if (letters === 0) return 0;
  const coveredA = coveredLetters(a, b);
  const coveredB = coveredLetters(b, a);
  const both = (coveredA + coveredB) / letters;
  const [shorter, covered] = a.length <= b.length ? [a, coveredA] : [b, coveredB];
  const distinctive = shorter.filter((w) => !GENERIC_WORDS.has(w)).length;
  if (distinctive < 2) return both;
  return Math.max(both, covered / weightOfAll(shorter));
}

/** The score of two name keys (nameKey): Jaro–Winkler of the whole, capped by their word coverage. */
export function nameScore(keyA: string, keyB: string): number {
  const whole = jaroWinkler(keyA, keyB);
  if (whole === 1) return 1;
  return Math.min(whole, wordCoverage(keyA.split(' '), keyB.split(' ')));
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
