import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchants } from '../../../db/schema/merchants.ts';
import { merchantSearchWords } from '../../../db/schema/merchant-search-words.ts';

const m = merchants;

/**
 * How many merchants holding the query's words (or words one typo away) the words tier hands the
 * ranking. They hold every word, so more than this means a query of common words only, which
 * names no one merchant; the best match of a query with one rarer word is always among them.
 */
export const WORD_CANDIDATES = 200;

/**
 * The words of the searched names, written exactly as merchants_search_words_idx holds them
 * (migration 0036: lowercased letters, three or more, each once).
 */
export const MERCHANT_WORDS = sql`merchant_search_words(${m.dbaName}, ${m.legalName}, ${m.contactFirstName}, ${m.contactLastName}, ${m.contactEmail})`;

/** The words of a search term as merchant_search_words() splits a name. */
export const searchWords = (query: string): string[] => [
  ...new Set(
    query
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 3),
  ),
];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The word itself and every string one typo away: a letter dropped, doubled or added, two
 * neighbours swapped, one letter wrong (Damerau distance 1). About 52 per letter.
 */
export function oneTypoAway(word: string): string[] {
  const out = new Set([word]);
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail.length > 0) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const ch of LETTERS) {
      out.add(head + ch + tail);
      if (tail.length > 0) out.add(head + ch + tail.slice(1));
    }
  }
  return [...out].filter((w) => w.length >= 3);
}

/**
 * For each word of `query`, the words of the dictionary (merchant_search_words) it may mean:
 * itself when some merchant's name holds it, and those one typo away ("harbor": harbour; "bsitro":
 * bistro). A word that is none of them is left out. One round trip: primary-key lookups.
 */
export async function wordAlternatives(db: Db, query: string): Promise<string[][]> {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const variants = words.map(oneTypoAway);
  // One array parameter, not one per string: a thousand parameters cost more to send and plan
  // than the lookups themselves.
  const list = `{${[...new Set(variants.flat())].join(',')}}`;
  const known = await db
    .select({ word: merchantSearchWords.word })
    .from(merchantSearchWords)
    .where(sql`${merchantSearchWords.word} = any(${list}::text[])`);
  const have = new Set(known.map((r) => r.word));
  return variants.map((list) => list.filter((w) => have.has(w))).filter((alts) => alts.length > 0);
}

/**
 * Up to WORD_CANDIDATES live merchants holding, for every word of the query, one of its
 * alternatives (merchants_search_words_idx: the rarest word's short list drives the scan), and
 * passing `keep` (the ranking's contains or similar test, over the named fields) so the bound
 * counts only those the ranking keeps. `keep` is applied above an `offset 0` subquery: beside
 * the words condition the planner would read the trigram indexes for it too (181 ms for one word).
 */
export function holdersOfWords(alternatives: string[][], fields: SQL[], keep: (fields: SQL[]) => SQL): SQL {
  const all = sql.join(
    alternatives.map((alts) => sql`${MERCHANT_WORDS} && ${`{${alts.join(',')}}`}::text[]`),
    sql` and `,
  );
  const named = fields.map((f, i) => sql`${f} as ${sql.raw(`f${i}`)}`);
  const held = sql`select ${m.id}, ${sql.join(named, sql`, `)} from ${m} where ${m.deletedAt} is null and ${all} offset 0`;
  const keepOn = keep(fields.map((_, i) => sql.raw(`held.f${i}`)));
  return sql`(select held.id from (${held}) as held where ${keepOn} limit ${WORD_CANDIDATES})`;
}
