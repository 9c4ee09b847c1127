import type { MerchantListQuery } from '@boardwalk/shared';
import { sql, type SQL } from 'drizzle-orm';
import { merchants as m } from '../../../db/schema/merchants.ts';
import { NULLABLE_SORTS, raw, SORT_KEYS } from './merchant-list-page.ts';

type SortColumn = NonNullable<MerchantListQuery['sort']>;

/** The sort a list request asks for: newest first by default, id breaking ties in the same direction. */
export function sortOf(query: MerchantListQuery): { sort: SortColumn; descending: boolean } {
  return { sort: query.sort ?? 'createdAt', descending: query.sort ? query.order === 'desc' : true };
}

/**
 * The sort key pinned by a filter on what it names (decision 096): with agentId=X every match has
 * X's agent key, so "sorted by agent" is "sorted by id" within that one key, a range of the sort
 * index. Read from a live merchant of X (what the triggers wrote), so it matches the index to the
 * byte; null when X has none (then nothing matches either). `{ isNull: true }` for assignee=none.
 */
export type PinnedKey = { value: SQL } | { isNull: true };

export type PinningFilters = {
  agentId?: string;
  industryId?: string;
  stageId?: string;
  riskLevel?: string;
  decision?: string;
  /** The assignee's user id, null for `none`. */
  assignee?: string | null;
};

export function pinnedKeyOf(sort: SortColumn, filters: PinningFilters): PinnedKey | null {
  const keyOf = (column: SQL, id: string) => ({
    value: sql`(select ${SORT_KEYS[sort]} from ${m} where ${column} = ${id} and ${m.deletedAt} is null limit 1)`,
  });
  if (sort === 'agent' && filters.agentId) return keyOf(sql`${m.agentId}`, filters.agentId);
  if (sort === 'industry' && filters.industryId) return keyOf(sql`${m.industryId}`, filters.industryId);
  if (sort === 'stage' && filters.stageId) return keyOf(sql`${m.stageId}`, filters.stageId);
  if (sort === 'riskLevel' && filters.riskLevel) return { value: sql`${filters.riskLevel}` };
  if (sort === 'underwritingDecision' && filters.decision) return { value: sql`${filters.decision}` };
  if (sort === 'assignee' && filters.assignee !== undefined) {
    return filters.assignee === null ? { isNull: true } : keyOf(sql`${m.assignedUserId}`, filters.assignee);
  }
  return null;
}

/** A date range on the sort's own column: the planner reads that range of the sort index, in order. */
export function sortsWithinRange(
  sort: SortColumn,
  filters: { createdFrom?: string; createdTo?: string; stageEnteredFrom?: string; stageEnteredTo?: string },
): boolean {
  if (sort === 'createdAt') return Boolean(filters.createdFrom ?? filters.createdTo);
  return sort === 'stageEnteredAt' && Boolean(filters.stageEnteredFrom ?? filters.stageEnteredTo);
}

/**
 * One ordered read of the view's sort index, at most `bound` rows, each tested against the filters
 * (`ok`), stopping once `need` rows are out: the matches in order, plus the row at the bound (`b`)
 * if the read got that far, a match or not. Reaching the bound with fewer than `need` matches means
 * the page may be incomplete: the caller finds the matches another way. row_number() follows the
 * index order, so the read streams.
 */
function boundedRead(order: SQL, where: SQL, filter: SQL, key: SQL, need: number, bound: number): SQL {
  return sql`select w.id, w.k, w.ok, w.rn = ${bound} as b from (
      select ${m.id} as id, ${key} as k, coalesce(${filter}, false) as ok, row_number() over (order by ${order}) as rn
        from ${m} where ${where} order by ${order} limit ${bound}
    ) as w where w.ok or w.rn = ${bound} limit ${need}`;
}

/**
 * The first `need` matches of a filtered list in its order, read along the view's sort index
 * (decision 096), each read bounded: rows `id`, `ok` (a match) and `b` (the row at a bound). A
 * descending key that can be empty is two reads, the filled keys backwards and then the empties
 * by id, as pageIdsSql does it.
 */
export function walkIdsSql(
  query: MerchantListQuery,
  view: SQL,
  filter: SQL,
  need: number,
  bound: number,
  pinned: PinnedKey | null,
): SQL {
  const { sort, descending } = sortOf(query);
  const key = sql`${SORT_KEYS[sort]}`;
  const dir = raw(descending);
  if (pinned && 'isNull' in pinned) {
    return sql`${boundedRead(sql`${m.id} ${dir}`, sql`${view} and ${key} is null`, filter, key, need, bound)}`;
  }
  if (pinned) {
    const where = sql`${view} and ${key} = ${pinned.value}`;
    return boundedRead(sql`${key} ${dir}, ${m.id} ${dir}`, where, filter, key, need, bound);
  }
  if (!(descending && NULLABLE_SORTS.has(sort))) {
    return boundedRead(sql`${key} ${dir}, ${m.id} ${dir}`, view, filter, key, need, bound);
  }
  const filled = boundedRead(
    sql`${key} desc, ${m.id} desc`,
    sql`${view} and ${key} is not null`,
    filter,
    key,
    need,
    bound,
  );
  const empty = boundedRead(sql`${m.id} desc`, sql`${view} and ${key} is null`, filter, key, need, bound);
  return sql`select u.id, u.ok, u.b from ((${filled}) union all (${empty})) as u
    order by u.k desc nulls last, u.id desc limit ${need}`;
}

/**
 * All matches of a filtered list found by the filters' own indexes and sorted, at most `cap` + 1
 * of them read: rows `id`, the first `need` in order, and `n`, how many matched (cap + 1: more
 * than cap, the rows are not to be used). `limit` keeps the planner from walking a sort index for matches it expects
 * early (decision 091).
 */
export function sortedMatchesSql(query: MerchantListQuery, where: SQL, need: number, cap: number): SQL {
  const { sort, descending } = sortOf(query);
  const dir = raw(descending);
  return sql`select few.id, count(*) over () as n
    from (select ${m.id} as id, ${SORT_KEYS[sort]} as k from ${m} where ${where} limit ${cap + 1}) as few
    order by few.k ${dir} nulls last, few.id ${dir} limit ${need}`;
}
