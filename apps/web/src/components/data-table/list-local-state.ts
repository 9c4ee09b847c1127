import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, pageWithin, toQueryParams, type ListState, type ListUrlState } from './list-url-state.ts';

/**
 * The list state of DataTable kept in the component, not in the URL: for a list inside a drawer
 * or a dialog, whose page must not be a history entry of the page under it (a cron job's runs).
 * Same shape as useListUrlState's, so DataTable takes either.
 */
export function useListLocalState({ defaultPageSize = DEFAULT_PAGE_SIZE } = {}): ListUrlState {
  const [state, setState] = useState<ListState>({
    q: '',
    page: 0,
    pageSize: defaultPageSize,
    sort: undefined,
    order: 'asc',
    filters: {},
  });
  return useMemo(
    () => ({
      ready: true,
      state,
      queryParams: toQueryParams(state),
      setPage: (page) => setState((s) => ({ ...s, page })),
      // A new page size, search, sort or filter starts again from the first page, as in the URL.
      setPageSize: (pageSize) => setState((s) => ({ ...s, pageSize, page: 0 })),
      setSort: (sort, order = 'asc') => setState((s) => ({ ...s, sort, order, page: 0 })),
      setQuery: (q) => setState((s) => ({ ...s, q, page: 0 })),
      setFilter: (key, value) => setState((s) => ({ ...s, filters: { ...s.filters, [key]: value }, page: 0 })),
      fitPage: (total) =>
        setState((s) => {
          const page = pageWithin(s.page, s.pageSize, total);
          return page === s.page ? s : { ...s, page };
        }),
    }),
    [state],
  );
}
