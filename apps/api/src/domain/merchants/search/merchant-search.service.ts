import type { SearchResult } from '@boardwalk/shared';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchants } from '../../../db/schema/merchants.ts';
import { stages } from '../../../db/schema/stages.ts';
import { likePattern, likePrefix } from '../../../lib/db/like-pattern.ts';
import {
  endsWithDigitsPattern,
  normalisePhone,
  phoneSearchDigits,
  reversedPhoneDigitsSql,
} from '../../../lib/phone.ts';
import { holdersOfWords, wordAlternatives } from './merchant-search-words.ts';

export const SEARCH_LIMIT = 10;
const FUZZY_MIN_LENGTH = 3;
/**
 * How many candidates one field hands the ranking in the contains and similar tiers (decision
 * 045). A field with more matches than this in a tier hands the first ones its index finds.
 */
export const SEARCH_CANDIDATES = 50;

const m = merchants;

/**
 * The searched text, each written exactly as its indexes are: the GIN trigram indexes of
 * migration 0006 (merchants_*_trgm_idx: contains and similar) and the "C"-collated btree indexes
 * of migration 0012 (merchants_search_*_idx: exact and starts-with, in byte order).
 */
const NAME_FIELDS: SQL[] = [
  sql`lower(${m.dbaName})`,
  sql`lower(${m.legalName})`,
  sql`lower(${m.contactFirstName} || ' ' || ${m.contactLastName})`,
  sql`lower(${m.contactEmail})`,
];
/**
 * Phone numbers are never matched fuzzily: a typo'd number is another number. They are stored
 * in E.164 (decision 083), so the raw column holds digits after a "+": matched as typed, by
 * their digits (a term in any format), and by their end (the last 4 or more digits).
 */
const PHONE = sql`${m.contactPhone}`;
/** Its digits last first, as merchants_search_phone_digits_idx holds them: "ends with" is a range. */
const PHONE_DIGITS_REVERSED = reversedPhoneDigitsSql(m.contactPhone);

const any = (conditions: SQL[]) => sql.join(conditions, sql` or `);
const live = sql`${m.deletedAt} is null`;
const byteOrdered = (field: SQL) => sql`(${field} collate "C")`;

/** The live merchants whose field starts with `prefix` (a LIKE pattern), first in byte order: exact matches, then "q " before "qx". */
const startsWith = (field: SQL, prefix: string) =>
  sql`(select ${m.id} from ${m} where ${live} and ${byteOrdered(field)} like ${prefix}
       order by ${byteOrdered(field)}, ${m.id} limit ${SEARCH_LIMIT})`;

/**
 * Up to SEARCH_CANDIDATES live merchants matching `condition`, as its trigram index finds them.
 * `offset 0` keeps the inner query planned for all its rows (a bitmap scan of the GIN index, or
 * a sequential scan when most rows match): told about the limit, the planner would walk a whole
 * btree in order hoping to meet 50 matches early, which took 370 ms for a phone fragment.
 */
const someWhere = (condition: SQL) =>
  sql`(select id from (select ${m.id} from ${m} where ${live} and ${condition} offset 0) as found limit ${SEARCH_CANDIDATES})`;

export type SearchTier = 'starts' | 'words' | 'contains' | 'similar';

/**
 * GET /api/search (decisions 045 and 083): live merchants whose DBA or legal name, contact
 * name, email, phone (in any format, or its last 4 or more digits) or MID match `q`, best first: an exact match, then one that starts with q,
 * then one that holds q, then a similar one (pg_trgm word similarity ≥ its threshold, 0.6 by
 * default: "Acme Plumbng" finds "Acme Plumbing"); within a tier the most similar first. At most
 * SEARCH_LIMIT. A query of one or two characters finds what starts with it.
 *
 * At 1,000,000 merchants a common word matches tens of thousands, and ranking them all cost
 * hundreds of ms (decision 028). So each tier takes a bounded number of candidates per field from
 * that field's index, and only a tier that the ones before it did not fill is asked at all.
 *
 * Contains and similar come from the words of the names when q has any (decision 095): the
 * merchants holding each of q's words or one of the dictionary words nearest to it (a typo
 * corrected), kept when they contain q or are similar to it, ranked as before. Only a q without
 * a word of three letters (a number, "0%_j") asks the trigram indexes, as before.
 */
export async function searchMerchants(db: Db, q: string): Promise<SearchResult[]> {
  const query = q.trim();
  if (query === '') return [];
  let rows = await searchQuery(db, query, 'starts');
  if (rows.length < SEARCH_LIMIT && query.length >= FUZZY_MIN_LENGTH) {
    const alternatives = await wordAlternatives(db, query.toLowerCase());
    // Digits and punctuation only (a phone number, an id) are never matched fuzzily.
    const fuzzy: SearchTier[] = /[a-z]/i.test(query) ? ['similar'] : [];
    const tiers: SearchTier[] = alternatives.length > 0 ? ['words'] : ['contains', ...fuzzy];
    for (const tier of tiers) {
      // Fewer than SEARCH_LIMIT found so far: those are every live candidate of the tiers above, so
      // the next tier ranks them with its own candidates without asking their indexes again.
      rows = await searchQuery(
        db,
        query,
        tier,
        rows.map((r) => r.id),
        alternatives,
      );
      if (rows.length >= SEARCH_LIMIT) break;
    }
  }
  return rows.map((r) => ({
    id: r.id,
    dbaName: r.dbaName,
    stage: { name: r.stageName },
    url: `/merchant/view/${r.id}`,
  }));
}

/**
 * The candidate ids of `tier`, each field's own index query, and `found`: what the tiers above
 * answered. A tier is asked only when those answered fewer than SEARCH_LIMIT, so `found` is then
 * every live candidate they had, and ranking it with this tier's candidates gives what asking
 * every tier down to this one again would (the three round trips of a term that matches nothing
 * used to run the starts-with subqueries three times and the contains ones twice).
 */
function candidates(query: string, tier: SearchTier, found: string[], alternatives: string[][]): SQL {
  const lq = query.toLowerCase();
  const digits = phoneSearchDigits(query);
  const parts: SQL[] = [];
  if (tier === 'starts') {
    parts.push(
      ...NAME_FIELDS.map((f) => startsWith(f, likePrefix(lq))),
      startsWith(sql`lower(${PHONE})`, likePrefix(lq)),
      someWhere(eq(m.mid, query)),
    );
    if (digits !== null) parts.push(startsWith(PHONE_DIGITS_REVERSED, endsWithDigitsPattern(digits)));
  }
  if (tier === 'words') {
    const keep = (fields: SQL[]) =>
      any([...fields.map((f) => sql`${f} like ${likePattern(lq)}`), ...fields.map((f) => sql`${lq} <% ${f}`)]);
    parts.push(holdersOfWords(alternatives, NAME_FIELDS, keep));
  }
  // A phone holds digits only: a q without any cannot be in one.
  if ((tier === 'contains' || tier === 'words') && /\d/.test(query)) {
    parts.push(someWhere(sql`${PHONE} like ${likePattern(query)}`));
    if (digits !== null && digits !== query) parts.push(someWhere(sql`${PHONE} like ${likePattern(digits)}`));
  }
  // A number (digits and phone punctuation) is looked for in the business names, not in the
  // contact's name or email, where its digits would only meet the email's hex by chance.
  const containers = digits === null ? NAME_FIELDS : NAME_FIELDS.slice(0, 2);
  if (tier === 'contains') parts.push(...containers.map((f) => someWhere(sql`${f} like ${likePattern(lq)}`)));
  if (tier === 'similar') parts.push(...NAME_FIELDS.map((f) => someWhere(sql`${lq} <% ${f}`)));
  if (found.length > 0) parts.push(sql`(select unnest(${`{${found.join(',')}}`}::uuid[]))`);
  return sql.join(parts, sql` union all `);
}

/**
 * The search down to `tier` as one SELECT (exported so its plan can be checked with EXPLAIN):
 * the candidates of the tier's field indexes and those the tiers above found, ranked: exact (3), starts with (2), contains (1),
 * similar (0); then word similarity, DBA name, id. `query` is trimmed, not empty.
 */
export function searchQuery(
  db: Db,
  query: string,
  tier: SearchTier,
  found: string[] = [],
  alternatives: string[][] = [],
) {
  const lq = query.toLowerCase();
  const contains = likePattern(lq);
  const prefix = likePrefix(lq);
  const digits = phoneSearchDigits(query);
  // A whole number in any format is an exact match; its last 4 or more digits rank as a start.
  const phoneExact = digits === null ? [] : [sql`${PHONE} = ${normalisePhone(query)}`];
  const phoneEnd =
    digits === null ? [] : [sql`${byteOrdered(PHONE_DIGITS_REVERSED)} like ${endsWithDigitsPattern(digits)}`];
  const rank = sql<number>`case
    when ${any([...NAME_FIELDS.map((f) => sql`${f} = ${lq}`), sql`${PHONE} = ${query}`, ...phoneExact, sql`${m.mid} = ${query}`])} then 3
    when ${any([...NAME_FIELDS.map((f) => sql`${f} like ${prefix}`), sql`${PHONE} like ${likePrefix(query)}`, ...phoneEnd])} then 2
    when ${any(NAME_FIELDS.map((f) => sql`${f} like ${contains}`))} then 1
    else 0 end`;
  const similarity = sql<number>`greatest(${sql.join(
    NAME_FIELDS.map((f) => sql`word_similarity(${lq}, ${f})`),
    sql`, `,
  )})`;

  return db
    .select({ id: m.id, dbaName: m.dbaName, stageName: stages.name })
    .from(m)
    .innerJoin(stages, eq(stages.id, m.stageId))
    .where(and(isNull(m.deletedAt), sql`${m.id} in (${candidates(query, tier, found, alternatives)})`))
    .orderBy(desc(rank), desc(similarity), asc(sql`lower(${m.dbaName})`), asc(m.id))
    .limit(SEARCH_LIMIT);
}
