import type { MerchantListQuery } from '@boardwalk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantCounts } from '../../../db/schema/merchant-counts.ts';
import { selectMerchantsInOrder, type MerchantRow } from '../record/merchant-row.ts';
import { pageIdsSql } from './merchant-list-page.ts';
import {
  pinnedKeyOf,
  sortedMatchesSql,
  sortOf,
  sortsWithinRange,
  walkIdsSql,
  type PinnedKey,
  type PinningFilters,
} from './merchant-list-reads.ts';
import { cappedCountSql, EXACT_TOTAL_UP_TO } from './merchant-list-total.ts';

/**
 * At most this many matches are read to sort them after a walk gave up (decision 096). Either way
 * reads about sqrt(page end × view) rows at worst, tens of thousands, not the view's hundreds of
 * thousands.
 */
export const SORT_MATCHES_UP_TO = 50_000;

/**
 * A walk reads at most this many times the rows its estimate expects, and a sort this many times
 * the matches, before giving up for the other way: the planner's estimate of two filters together
 * can be out by more than that, and is then caught.
 */
const WALK_SLACK = 4;

/** A pinned walk (decision 096) reads at least this many rows before giving up. */
const PINNED_WALK_MIN = 2000;

/** The bounds of filteredPage; tests shrink them to take every way on a few merchants. */
export type ListTuning = {
  walkSlack: number;
  pinnedWalkMin: number;
  /** The least a first sort reads before giving up. */
  sortAtLeast: number;
  /** What a sort after a walk that gave up reads at most. */
  sortAfterWalk: number;
  /** Which way to try first; by default the one the estimate says reads fewer rows. */
  first?: 'walk' | 'sort';
};

const TUNING: ListTuning = {
  walkSlack: WALK_SLACK,
  pinnedWalkMin: PINNED_WALK_MIN,
  sortAtLeast: 2 * EXACT_TOTAL_UP_TO,
  sortAfterWalk: SORT_MATCHES_UP_TO,
};

export type FilteredPage = { rows: MerchantRow[]; total: number; estimated: boolean };

export type FilteredList = {
  query: MerchantListQuery;
  /** The deleted and pipeline conditions: what the sort indexes are read with. */
  view: SQL;
  /** Every other filter. */
  filter: SQL;
  /** The exact total when merchant_counts gives it, else the planner's estimate. */
  matches: { exact: number } | { estimate: number };
  /** Live (or deleted) merchants in the view. */
  viewSize: number;
  deleted: boolean;
  paging: { limit: number; offset: number };
  /** The filters a sort key can be pinned by or ranged on (the assignee as a user id, null for none). */
  pinned: PinningFilters & Parameters<typeof sortsWithinRange>[1];
};

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/**
 * One page of a filtered list (decision 096): its matches either found by the filters' indexes and
 * sorted, or read along the view's sort index, whichever the estimate says reads fewer rows; each
 * way bounded, the other taken when the bound is reached. A sort key pinned by a filter (agentId
 * with the agent sort) reads the one key's range of the index, in id order.
 */
export async function filteredPage(db: Db, list: FilteredList, tuning = TUNING): Promise<FilteredPage> {
  const { query, paging } = list;
  const { walkSlack, pinnedWalkMin, sortAtLeast, sortAfterWalk } = tuning;
  const need = paging.offset + paging.limit;
  const matches = 'exact' in list.matches ? list.matches.exact : list.matches.estimate;
  const { sort } = sortOf(query);
  if (sortsWithinRange(sort, list.pinned)) return walkUnbounded(db, list);
  const pinned = list.deleted ? null : pinnedKeyOf(sort, list.pinned);
  const walkBound = (expected: number) =>
    Math.ceil(Math.max((need * list.viewSize * walkSlack) / Math.max(expected, 1), pinned ? pinnedWalkMin : 0)) + need;
  const walkRows = pinned ? need : (need * list.viewSize) / Math.max(matches, 1);
  const sortFirst = tuning.first
    ? tuning.first === 'sort'
    : !pinned && (matches <= EXACT_TOTAL_UP_TO || matches <= walkRows);
  if (sortFirst) {
    // Sorting them is cheaper, if the estimate holds; past a few times it, many match: walk.
    const cap = Math.ceil(Math.max(matches * walkSlack, sortAtLeast));
    const sorted = await sortAll(db, list, cap);
    if (sorted) return sorted;
    return (await walk(db, list, need, walkBound(cap), pinned)) ?? walkUnbounded(db, list);
  }
  const walked = await walk(db, list, need, pinned ? walkBound(list.viewSize) : walkBound(matches), pinned);
  if (walked) return walked;
  // Fewer matched than expected along the index: few enough to sort, unless the estimate was far out.
  return (await sortAll(db, list, sortAfterWalk)) ?? walkUnbounded(db, list);
}

async function walk(db: Db, list: FilteredList, need: number, bound: number, pinned: PinnedKey | null) {
  const read = rowsOf<{ id: string; ok: boolean; b: boolean }>(
    await db.execute(walkIdsSql(list.query, list.view, list.filter, need, bound, pinned)),
  );
  // A bound reached before the page's end (a read's last row, followed by another read's rows or
  // short of the page): matches may lie beyond it.
  if (read.some((r, i) => !r.ok || (r.b && i !== need - 1))) return null;
  const ids = read.slice(list.paging.offset).map((r) => r.id);
  // Fewer than the page's end: the walk saw every match.
  const seen = read.length < need ? read.length : null;
  return { rows: await rowsByIds(db, ids), ...(await totalOf(db, list, seen, ids.length)) };
}

async function sortAll(db: Db, list: FilteredList, atMost: number): Promise<FilteredPage | null> {
  const need = list.paging.offset + list.paging.limit;
  // Never below the page's end: an empty page past the cap would hide matches that exist.
  const cap = Math.max(atMost, need);
  const where = sql`${list.view} and ${list.filter}`;
  // Up to the page's end from the first match, so that a page past the end still learns how many matched.
  const read = rowsOf<{ id: string; n: string | number }>(
    await db.execute(sortedMatchesSql(list.query, where, need, cap)),
  );
  const n = read.length > 0 ? Number(read[0]!.n) : 0;
  if (n > cap) return null;
  const ids = read.slice(list.paging.offset).map((r) => r.id);
  return { rows: await rowsByIds(db, ids), ...(await totalOf(db, list, n, ids.length)) };
}

/**
 * The planner's own plan, as before decision 096: for a date range on the sort's column (a range
 * of its index, read in order), and the last resort when a bound was reached both ways.
 */
async function walkUnbounded(db: Db, list: FilteredList): Promise<FilteredPage> {
  const where = sql`${list.view} and ${list.filter}`;
  const rows = await selectMerchantsInOrder(db, pageIdsSql(list.query, where, list.paging), sql<null>`null`);
  return { rows, ...(await totalOf(db, list, null, rows.length)) };
}

/**
 * The total: exact from merchant_counts, or from matches all seen, when there are at most
 * EXACT_TOTAL_UP_TO; else the estimate, never below what the page shows. An estimate that says few
 * is checked by a count of at most EXACT_TOTAL_UP_TO + 1 rows (decision 091).
 */
async function totalOf(
  db: Db,
  list: FilteredList,
  seen: number | null,
  pageRows: number,
): Promise<{ total: number; estimated: boolean }> {
  if ('exact' in list.matches) return { total: list.matches.exact, estimated: false };
  let counted = seen;
  if (counted === null && list.matches.estimate <= EXACT_TOTAL_UP_TO) {
    const [row] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select ${cappedCountSql(sql`${list.view} and ${list.filter}`)} as n`),
    );
    counted = Number(row?.n ?? 0);
  }
  if (counted !== null && counted <= EXACT_TOTAL_UP_TO) return { total: counted, estimated: false };
  const floor = list.paging.offset + pageRows + (pageRows === list.paging.limit ? 1 : 0);
  return { total: Math.max(list.matches.estimate, EXACT_TOTAL_UP_TO + 1, floor), estimated: true };
}

/** The page's merchants, whole with their names, in the order of `ids`. */
async function rowsByIds(db: Db, ids: string[]): Promise<MerchantRow[]> {
  if (ids.length === 0) return [];
  // One text parameter: uuids from the database, so the literal needs no quoting.
  return selectMerchantsInOrder(db, sql`select unnest(${`{${ids.join(',')}}`}::uuid[])`, sql<null>`null`);
}

/** Live and deleted merchants per pipeline (merchant_counts), kept a few seconds: the walk's cost model. */
const viewSizes = new WeakMap<Db, { at: number; sizes: Promise<Map<string, number>> }>();
const VIEW_SIZES_FOR_MS = 10_000;

export async function viewSizeOf(db: Db, view: string, deleted: boolean): Promise<number> {
  let cached = viewSizes.get(db);
  if (!cached || Date.now() - cached.at > VIEW_SIZES_FOR_MS) {
    const c = merchantCounts;
    const sizes = db
      .select({ pipeline: c.pipeline, deleted: c.deleted, n: sql<string>`sum(${c.n})` })
      .from(c)
      .groupBy(c.pipeline, c.deleted)
      .then((rows) => new Map(rows.map((r) => [`${r.pipeline}|${r.deleted}`, Number(r.n)])));
    cached = { at: Date.now(), sizes };
    viewSizes.set(db, cached);
    sizes.catch(() => viewSizes.delete(db));
  }
  const sizes = await cached.sizes;
  let total = 0;
  for (const [key, n] of sizes) {
    const [pipeline, isDeleted] = key.split('|');
    if (isDeleted === String(deleted) && (view === 'all' || pipeline === view)) total += n;
  }
  return total;
}
