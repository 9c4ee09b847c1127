import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, listParamsSchema } from '@boardwalk/shared/list';
import type { z } from 'zod';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

export type SortOrder = 'asc' | 'desc';

export type ListState = {
  q: string;
  page: number;
  pageSize: number;
  sort: string | undefined;
  order: SortOrder;
  filters: Record<string, string>;
};

export type ListStateOptions = {
  /** Columns the server may sort by; anything else in the URL is ignored. */
  sortable?: readonly string[];
  defaultSort?: string;
  defaultOrder?: SortOrder;
  defaultPageSize?: number;
  /** Query parameter names of the entity's filters (for example `role`, `isActive`). */
  filterKeys?: readonly string[];
  /**
   * The entity's list query schema from packages/shared (the one the API validates with): a
   * filter value it refuses is dropped rather than sent, so a hand-edited URL cannot end in a
   * 400 that Retry never gets past.
   */
  querySchema?: ListQuerySchema;
};

/** Any shared list query schema: `listParamsSchema(columns).extend({...filters})`. */
export type ListQuerySchema = z.ZodObject<Record<string, z.ZodType>>;

/** The API query of DESIGN §3: only what differs from nothing is sent. */
export type ListQueryParams = Record<string, string | number>;

const BASE_KEYS = ['q', 'page', 'pageSize', 'sort', 'order'] as const;

/** page and pageSize as the API checks them (page ≥ 0, 1 ≤ pageSize ≤ 100). */
const { page: pageSchema, pageSize: pageSizeSchema } = listParamsSchema(['_'] as const).shape;

function parsed<T>(schema: z.ZodType<T>, value: string | null): T | undefined {
  if (value === null || value === '') return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/** A filter value the entity's schema accepts (any non-empty value without a schema for it). */
function validFilter(options: ListStateOptions, key: string, value: string): boolean {
  const schema = options.querySchema?.shape[key];
  return schema === undefined || schema.safeParse(value).success;
}

/** Reads a list's state from the URL, falling back to defaults for anything missing or invalid. */
export function parseListState(search: URLSearchParams, options: ListStateOptions = {}): ListState {
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const pageSize = parsed(pageSizeSchema, search.get('pageSize'));
  const sort = search.get('sort');
  const order = search.get('order');
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys ?? []) {
    const value = search.get(key);
    if (value && validFilter(options, key, value)) filters[key] = value;
  }
  const sortAllowed = sort !== null && (!options.sortable || options.sortable.includes(sort));
  return {
    q: search.get('q')?.trim() ?? '',
    page: parsed(pageSchema, search.get('page')) ?? 0,
    pageSize:
      pageSize !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize)
        ? pageSize
        : defaultPageSize,
    sort: sortAllowed ? sort : options.defaultSort,
    order: order === 'asc' || order === 'desc' ? order : (options.defaultOrder ?? 'asc'),
    filters,
  };
}

/**
 * Writes a list's state into a copy of the URL's search params, leaving other params alone and
 * omitting values equal to their defaults so that URLs stay short.
 */
export function writeListState(
  current: URLSearchParams,
  state: ListState,
  options: ListStateOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...BASE_KEYS, ...(options.filterKeys ?? [])]) next.delete(key);
  const set = (key: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === '' || value === fallback) return;
    next.set(key, String(value));
  };
  set('q', state.q.trim());
  set('page', state.page, 0);
  set('pageSize', state.pageSize, options.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  if (
    state.sort !== undefined &&
    (state.sort !== options.defaultSort || state.order !== (options.defaultOrder ?? 'asc'))
  ) {
    next.set('sort', state.sort);
    next.set('order', state.order);
  }
  for (const [key, value] of Object.entries(state.filters)) set(key, value);
  return next;
}

/** The same params whatever their order (`a=1&b=2` is `b=2&a=1`). */
function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (params: URLSearchParams) =>
    [...params]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  return sorted(a) === sorted(b);
}

/**
 * The URL's list params as the list reads them (invalid values dropped, defaults left out), or
 * undefined when the URL already says exactly that.
 */
export function correctedListSearch(search: URLSearchParams, options: ListStateOptions = {}) {
  const corrected = writeListState(search, parseListState(search, options), options);
  return sameParams(corrected, search) ? undefined : corrected;
}

/** The list state as API query params (`q`, `page`, `pageSize`, `sort`, `order`, filters). */
export function toQueryParams(state: ListState): ListQueryParams {
  const params: ListQueryParams = { page: state.page, pageSize: state.pageSize };
  if (state.q) params.q = state.q;
  if (state.sort) {
    params.sort = state.sort;
    params.order = state.order;
  }
  for (const [key, value] of Object.entries(state.filters)) if (value) params[key] = value;
  return params;
}

export type ListUrlState = {
  state: ListState;
  queryParams: ListQueryParams;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string | undefined, order?: SortOrder) => void;
  setQuery: (q: string) => void;
  setFilter: (key: string, value: string) => void;
  /**
   * Given the number of matching rows, turns a page past the last (hand-edited, or emptied by
   * deletes) into the last page, replacing the URL as the other corrections do.
   */
  fitPage: (total: number) => void;
};

/** The page that shows rows: `page`, or the last one when `page` is past it. */
export function pageWithin(page: number, pageSize: number, total: number): number {
  return page > 0 && page * pageSize >= total ? Math.max(0, Math.ceil(total / pageSize) - 1) : page;
}

/**
 * A server-side list's page, page size, sort, order, search and filters, kept in the URL so that
 * reload and Back restore them. Each change pushes a history entry, except refining a search,
 * which replaces it. A new search, sort or filter goes back to the first page in the same entry.
 * Values the API would refuse are corrected in the URL (replacing it) instead of being sent.
 */
export function useListUrlState(options: ListStateOptions = {}): ListUrlState {
  const [searchParams, setSearchParams] = useSearchParams();
  const { sortable, defaultSort, defaultOrder, defaultPageSize, filterKeys, querySchema } = options;
  const stable = useMemo(
    () => ({ sortable, defaultSort, defaultOrder, defaultPageSize, filterKeys, querySchema }),
    // Callers pass literal arrays; compare them by value so the options stay referentially stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sortable?.join(','), defaultSort, defaultOrder, defaultPageSize, filterKeys?.join(','), querySchema],
  );
  const state = useMemo(() => parseListState(searchParams, stable), [searchParams, stable]);

  // What the URL holds, or will hold once a change just written lands: two changes in one tick
  // (the grid resets the page as it re-sorts) then build on each other, and one that changes
  // nothing adds no history entry, so Back undoes one user action at a time.
  const latest = useRef(searchParams);
  const seen = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    latest.current = searchParams;
  }
  // A hand-edited URL (`?page=-1`, an unknown filter value) is corrected in place: the list
  // shows what it read, and Back does not return to the URL it could not read.
  useEffect(() => {
    const corrected = correctedListSearch(searchParams, stable);
    if (!corrected) return;
    latest.current = corrected;
    setSearchParams(corrected, { replace: true });
  }, [searchParams, setSearchParams, stable]);

  const update = useCallback(
    (patch: (prev: ListState) => Partial<ListState>, replace: boolean | ((prev: ListState) => boolean) = false) => {
      const current = parseListState(latest.current, stable);
      const next = writeListState(latest.current, { ...current, ...patch(current) }, stable);
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setSearchParams(next, { replace: typeof replace === 'function' ? replace(current) : replace });
    },
    [setSearchParams, stable],
  );

  return {
    state,
    queryParams: useMemo(() => toQueryParams(state), [state]),
    setPage: useCallback((page) => update(() => ({ page })), [update]),
    setPageSize: useCallback((pageSize) => update(() => ({ pageSize, page: 0 })), [update]),
    setSort: useCallback((sort, order = 'asc') => update(() => ({ sort, order, page: 0 })), [update]),
    // Starting a search adds a history entry; refining it replaces that entry.
    setQuery: useCallback(
      (q) =>
        update(
          () => ({ q, page: 0 }),
          (prev) => prev.q !== '',
        ),
      [update],
    ),
    setFilter: useCallback(
      (key, value) => update((prev) => ({ filters: { ...prev.filters, [key]: value }, page: 0 })),
      [update],
    ),
    fitPage: useCallback(
      (total) => update((prev) => ({ page: pageWithin(prev.page, prev.pageSize, total) }), true),
      [update],
    ),
  };
}
