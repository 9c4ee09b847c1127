import { describe, expect, it } from 'vitest';
import { boundedPage } from './bounded-list.ts';
import type { ListState } from './list-url-state.ts';

const state = (patch: Partial<ListState> = {}): ListState => ({
  q: '',
  page: 0,
  pageSize: 2,
  sort: undefined,
  order: 'asc',
  filters: {},
  ...patch,
});
type Row = { id: string; name: string; lastUsedAt: string | null };
const rows: Row[] = [
  { id: '1', name: 'Token 10', lastUsedAt: '2026-03-02' },
  { id: '2', name: 'token 9', lastUsedAt: null },
  { id: '3', name: 'CRM sync', lastUsedAt: '2026-03-01' },
];
const ids = (page: { rows: Row[] }) => page.rows.map((r) => r.id);

describe('boundedPage', () => {
  it('pages in the API order when nothing is sorted, with the total of all rows', () => {
    expect(boundedPage(rows, state())).toEqual({ rows: rows.slice(0, 2), total: 3 });
    expect(ids(boundedPage(rows, state({ page: 1 })))).toEqual(['3']);
  });

  it('sorts text naturally, ignoring case, and keeps empty values last either way', () => {
    expect(ids(boundedPage(rows, state({ sort: 'name', pageSize: 10 })))).toEqual(['3', '2', '1']);
    expect(ids(boundedPage(rows, state({ sort: 'lastUsedAt', pageSize: 10 })))).toEqual(['3', '1', '2']);
    expect(ids(boundedPage(rows, state({ sort: 'lastUsedAt', order: 'desc', pageSize: 10 })))).toEqual(['1', '3', '2']);
  });

  it('searches the text a row offers, and counts only the matches', () => {
    const page = boundedPage(rows, state({ q: 'TOKEN' }), { searchText: (r) => r.name });
    expect(page).toEqual({ rows: rows.slice(0, 2), total: 2 });
    expect(boundedPage(rows, state({ q: 'token' })).total).toBe(3);
  });
});
