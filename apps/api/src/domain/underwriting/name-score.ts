/**
 * How alike two sanctions-screening names are (docs/decisions/099, 116): Jaro–Winkler of their
 * sorted words, capped by how much of both names their words cover.
 */

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
