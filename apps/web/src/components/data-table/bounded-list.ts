import { useMemo } from 'react';
import type { ListState } from './list-url-state.ts';

export type BoundedListOptions<R> = {
  /** The text a search matches in a row (case-insensitive); no search without it. */
  searchText?: (row: R) => string;
  /** What a column sorts by, when not the row's own field (a label, a date). */
  sortValue?: (row: R, field: string) => unknown;
};

const compare = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text(a).localeCompare(text(b), undefined, { numeric: true, sensitivity: 'base' });
};
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A list the API answers whole (a user's API tokens, a job's recent runs): searched, sorted and
 * paged here, from the same list state a server-side list sends to the API, so DataTable shows it
 * the same way and the URL, where the page keeps it there, reads the same.
 */
export function boundedPage<R>(rows: readonly R[], state: ListState, options: BoundedListOptions<R> = {}) {
  const q = state.q.toLowerCase();
  const { searchText, sortValue } = options;
  const matching = q && searchText ? rows.filter((row) => searchText(row).toLowerCase().includes(q)) : [...rows];
  if (state.sort) {
    const field = state.sort;
    const value = (row: R) => (sortValue ? sortValue(row, field) : (row as Record<string, unknown>)[field]);
    const direction = state.order === 'desc' ? -1 : 1;
    // Nulls last whichever the order; the sort is stable, so equal rows keep the API's order.
    matching.sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === null || va === undefined || vb === null || vb === undefined) return compare(va, vb);
      return direction * compare(va, vb);
    });
  }
  const start = state.page * state.pageSize;
  return { rows: matching.slice(start, start + state.pageSize), total: matching.length };
}

/** `boundedPage` for a list still loading (undefined rows stay undefined). */
export function useBoundedPage<R>(rows: readonly R[] | undefined, state: ListState, options?: BoundedListOptions<R>) {
  return useMemo(
    () => (rows === undefined ? { rows: undefined, total: undefined } : boundedPage(rows, state, options)),
    [rows, state, options],
  );
}
