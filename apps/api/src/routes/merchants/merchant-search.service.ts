import type { SearchResult } from '@boardwalk/shared';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { likePattern, likePrefix } from '../../lib/db/like-pattern.ts';

export const SEARCH_LIMIT = 10;
const FUZZY_MIN_LENGTH = 3;

const m = merchants;

/**
 * The searched text, each written exactly as its GIN trigram index of migration 0006 is
 * (merchants_*_trgm_idx), so that `<%` and LIKE on them are answered from the index.
 */
const NAME_FIELDS: SQL[] = [
  sql`lower(${m.dbaName})`,
  sql`lower(${m.legalName})`,
  sql`lower(${m.contactFirstName} || ' ' || ${m.contactLastName})`,
  sql`lower(${m.contactEmail})`,
];
/** Phone numbers are matched as typed (the index is on the raw column), never fuzzily: a typo'd number is another number. */
const PHONE = sql`${m.contactPhone}`;

const any = (conditions: SQL[]) => sql.join(conditions, sql` or `);

/**
 * GET /api/search (DESIGN §3): live merchants whose DBA or legal name, contact name, email, phone
 * or MID match `q`, best first: an exact match, then one that starts with q, then one that holds
 * q, then a similar one (pg_trgm word similarity ≥ its threshold, 0.6 by default: "Acme Plumbng"
 * finds "Acme Plumbing"); within a tier the most similar first. At most SEARCH_LIMIT. A query of
 * one or two characters finds what starts with it.
 */
export async function searchMerchants(db: Db, q: string): Promise<SearchResult[]> {
  const query = q.trim();
  if (query === '') return [];
  // Exact, starts-with and contains matches all hold q: when they fill the page, no merely
  // similar merchant could rank among them, and the costlier similarity scan is not needed.
  let rows = await searchQuery(db, query, 'contains');
  if (rows.length < SEARCH_LIMIT && query.length >= FUZZY_MIN_LENGTH) rows = await searchQuery(db, query, 'similar');
  return rows.map((r) => ({
    id: r.id,
    dbaName: r.dbaName,
    stage: { name: r.stageName },
    url: `/merchant/view/${r.id}`,
  }));
}

/**
 * The search as one SELECT (exported so its plan can be checked with EXPLAIN). `query` is
 * trimmed, not empty. `contains` finds merchants holding q in a field; `similar` also those whose
 * field is like q (pg_trgm `<%`).
 */
export function searchQuery(db: Db, query: string, mode: 'contains' | 'similar') {
  const lq = query.toLowerCase();
  const contains = likePattern(lq);
  const prefix = likePrefix(lq);

  // Under 3 characters a trigram index finds little (and "similar" means little): starts-with only.
  const matches =
    lq.length < FUZZY_MIN_LENGTH
      ? or(
          ...NAME_FIELDS.map((f) => sql`${f} like ${prefix}`),
          sql`${PHONE} like ${likePrefix(query)}`,
          eq(m.mid, query),
        )
      : or(
          ...(mode === 'similar' ? NAME_FIELDS.map((f) => sql`${lq} <% ${f}`) : []),
          ...NAME_FIELDS.map((f) => sql`${f} like ${contains}`),
          sql`${PHONE} like ${likePattern(query)}`,
          eq(m.mid, query),
        );
  const tier = sql<number>`case
    when ${any([...NAME_FIELDS.map((f) => sql`${f} = ${lq}`), sql`${PHONE} = ${query}`, sql`${m.mid} = ${query}`])} then 3
    when ${any([...NAME_FIELDS.map((f) => sql`${f} like ${prefix}`), sql`${PHONE} like ${likePrefix(query)}`])} then 2
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
    .where(and(isNull(m.deletedAt), matches))
    .orderBy(desc(tier), desc(similarity), asc(sql`lower(${m.dbaName})`), asc(m.id))
    .limit(SEARCH_LIMIT);
}
