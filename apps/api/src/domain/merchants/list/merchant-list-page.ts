import type { MerchantListQuery } from '@boardwalk/shared';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { merchants as m } from '../../../db/schema/merchants.ts';

type SortColumn = NonNullable<MerchantListQuery['sort']>;

/**
 * What each sort column orders by (decision 091). Every key has a (pipeline, key, id) and a
 * (key, id) index over the live merchants, so a page reads its rows in order instead of sorting
 * the view. The sorts over the names of what a merchant points at read a key kept on the
 * merchant by triggers (migration 0035), lower(name) as the lists show it.
 */
export const SORT_KEYS: Record<SortColumn, SQL | PgColumn> = {
  dbaName: sql`lower(${m.dbaName})`,
  legalName: sql`lower(${m.legalName})`,
  stage: m.stageSort,
  agent: m.agentSort,
  assignee: m.assigneeSort,
  industry: m.industrySort,
  monthlyVolume: m.monthlyVolume,
  underwritingDecision: m.underwritingDecision,
  riskLevel: m.riskLevel,
  stageEnteredAt: m.stageEnteredAt,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
};

/** Sort keys that can be empty: their empties come last in both orders. */
export const NULLABLE_SORTS = new Set<SortColumn>(['agent', 'assignee', 'industry', 'monthlyVolume', 'riskLevel']);

export type Paging = { limit: number | Placeholder; offset: number | Placeholder };

export const raw = (descending: boolean) => sql.raw(descending ? 'desc' : 'asc');

/**
 * The ids of one page, in order: `where` narrows the merchants, the query's sort (newest first by
 * default) orders them, id breaking ties in the same direction.
 *
 * An index scanned backwards gives a descending key with its empties first, so a descending page
 * of a key that can be empty is two ordered reads, the filled keys backwards and then the empty
 * ones by id (each from its own index, each at most offset + limit rows), put in order again.
 */
export function pageIdsSql(query: MerchantListQuery, where: SQL | undefined, paging: Paging): SQL {
  const sort = query.sort ?? 'createdAt';
  const descending = query.sort ? query.order === 'desc' : true;
  const key = SORT_KEYS[sort];
  const dir = raw(descending);
  const whereSql = where ?? sql`true`;
  if (!(descending && NULLABLE_SORTS.has(sort))) {
    return sql`select ${m.id} from ${m} where ${whereSql}
      order by ${key} ${dir}, ${m.id} ${dir} limit ${paging.limit} offset ${paging.offset}`;
  }
  const upTo = sql`(${paging.offset}::int + ${paging.limit}::int)`;
  return sql`select page.id from (
      (select ${m.id} as id, ${key} as k from ${m} where ${whereSql} and ${key} is not null
        order by ${key} desc, ${m.id} desc limit ${upTo})
      union all
      (select ${m.id}, null from ${m} where ${whereSql} and ${key} is null order by ${m.id} desc limit ${upTo})
    ) as page order by page.k desc nulls last, page.id desc limit ${paging.limit} offset ${paging.offset}`;
}
