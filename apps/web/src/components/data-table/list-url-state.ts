import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@boardwalk/shared/list-limits';
import type { z } from 'zod';
import { useStableValue } from '../../hooks/use-keyed-effect.ts';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

// No zod on a list's first load (decision 055): `@boardwalk/shared/list` builds schemas when it
// loads, which brings all of zod (24 KB). Its limits come from the zod-free list-limits module;
// the page and pageSize rules of `listParamsSchema` are kept equal to it by list-url-state.test.ts.
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

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
   * 400 that Retry never gets past. Or a function that imports it: the schema (and zod) then
   * loads only when the URL holds a filter value that is not one of `filterValues`, and the
   * list waits for it (`ready`) before asking the server.
   */
  querySchema?: ListQuerySchema | ListQuerySchemaLoader;
  /**
   * The values each filter offers (its options, built from the same shared enums as the
   * schema): a URL value among them needs no schema.
   */
  filterValues?: Readonly<Record<string, readonly string[]>>;
};

/** Any shared list query schema: `listParamsSchema(columns).extend({...filters})`. */
export type ListQuerySchema = z.ZodObject<Record<string, z.ZodType>>;

/** `() => import('@boardwalk/shared/schemas/x').then((m) => m.xListQuerySchema)`. */
export type ListQuerySchemaLoader = () => Promise<ListQuerySchema>;

/** The options parseListState reads: the schema itself, once loaded. */
export type ParseOptions = Omit<ListStateOptions, 'querySchema'> & { querySchema?: ListQuerySchema | undefined };

/** The API's list query (docs/architecture.md, API conventions): only what differs from nothing is sent. */
export type ListQueryParams = Record<string, string | number>;

const BASE_KEYS = ['q', 'page', 'pageSize', 'sort', 'order'] as const;

/**
 * An integer from the URL within [min, max], as `listParamsSchema` reads page (≥ 0) and pageSize
 * (1 to 100): `z.coerce.number().int().min().max()`, so `Number()`'s reading of the text.
 */
export function integerParam(value: string | null, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || value === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** A filter value the entity's schema accepts (any non-empty value without a schema for it). */
function validFilter(options: ParseOptions, key: string, value: string): boolean {
  const schema = options.querySchema?.shape[key];
  return schema === undefined || schema.safeParse(value).success;
}

/** Whether the URL holds a filter value that only the schema can vouch for. */
export function needsQuerySchema(search: URLSearchParams, options: ListStateOptions): boolean {
  return (options.filterKeys ?? []).some((key) => {
    const value = search.get(key);
    return !!value && !options.filterValues?.[key]?.includes(value);
  });
}

/** Reads a list's state from the URL, falling back to defaults for anything missing or invalid. */
export function parseListState(search: URLSearchParams, options: ParseOptions = {}): ListState {
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const pageSize = integerParam(search.get('pageSize'), 1, MAX_PAGE_SIZE);
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
    page: integerParam(search.get('page'), 0) ?? 0,
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
  options: ParseOptions = {},
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
export function correctedListSearch(search: URLSearchParams, options: ParseOptions = {}) {
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
  /**
   * False while the URL's filters wait for a lazily loaded query schema: ask the server for
   * nothing yet (the list shows its loading state).
   */
  ready: boolean;
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
  const { sortable, defaultSort, defaultOrder, defaultPageSize, filterKeys, querySchema, filterValues } = options;
  const loader = typeof querySchema === 'function' ? querySchema : undefined;
  const [loaded, setLoaded] = useState<{ loader: ListQuerySchemaLoader; schema: ListQuerySchema }>();
  const schema = loader ? (loaded?.loader === loader ? loaded.schema : undefined) : (querySchema as ListQuerySchema);
  const waiting = !!loader && !schema && needsQuerySchema(searchParams, { filterKeys, filterValues });
  useEffect(() => {
    if (!waiting || !loader) return;
    let current = true;
    void loader().then((loadedSchema) => current && setLoaded({ loader, schema: loadedSchema }));
    return () => {
      current = false;
    };
  }, [waiting, loader]);
  // Callers pass literal arrays; compared by value, the options stay referentially stable.
  const sortableKept = useStableValue(sortable);
  const filterKeysKept = useStableValue(filterKeys);
  const stable = useMemo<ParseOptions>(
    () => ({
      sortable: sortableKept,
      defaultSort,
      defaultOrder,
      defaultPageSize,
      filterKeys: filterKeysKept,
      querySchema: schema,
    }),
    [sortableKept, defaultSort, defaultOrder, defaultPageSize, filterKeysKept, schema],
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
    if (waiting) return;
    const corrected = correctedListSearch(searchParams, stable);
    if (!corrected) return;
    latest.current = corrected;
    setSearchParams(corrected, { replace: true });
  }, [searchParams, setSearchParams, stable, waiting]);

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
    ready: !waiting,
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
