import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { TODO_SORT_COLUMNS, TODO_VIEWS, type TodoView } from '@boardwalk/shared/schemas/todo';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { userTimeZone } from './todo-dates.ts';
import type { TodoQueryParams } from '../../entities/todos/api.ts';

const FILTER_KEYS = ['view', 'tag', 'assignee'] as const;
export const TODO_PAGE_SIZE = 50;

/** Whose todos the page shows: the caller's (the default), everyone's, or nobody's. */
export type TodoScope = 'me' | 'all' | 'none';

/**
 * The todo page's state in the URL, as the admin lists keep theirs: view, tag, whose, q, page,
 * sort, and the todo open in the drawer (`todo`). Back undoes one step; a reload restores it.
 */
export function useTodoUrlState() {
  const list = useListUrlState({
    sortable: TODO_SORT_COLUMNS,
    filterKeys: FILTER_KEYS,
    defaultPageSize: TODO_PAGE_SIZE,
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters } = list.state;
  const view: TodoView = (TODO_VIEWS as readonly string[]).includes(filters.view ?? '')
    ? (filters.view as TodoView)
    : 'all';
  const scope: TodoScope = filters.assignee === 'all' || filters.assignee === 'none' ? filters.assignee : 'me';
  const tag = filters.tag ?? '';
  const tz = useMemo(() => userTimeZone(), []);

  /** Whose todos, as the API's assignee param (absent: everyone's). */
  const assigneeParams: TodoQueryParams = useMemo(
    (): TodoQueryParams => (scope === 'all' ? { tz } : { tz, assignee: scope }),
    [scope, tz],
  );
  const queryParams: TodoQueryParams = useMemo(() => {
    const { assignee: _scope, view: _view, ...rest } = list.queryParams;
    return { ...rest, ...assigneeParams, view };
  }, [list.queryParams, assigneeParams, view]);

  const openId = searchParams.get('todo');
  const setOpenId = useCallback(
    (id: string | null) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('todo', id);
          else next.delete('todo');
          return next;
        },
        { replace: id === null },
      ),
    [setSearchParams],
  );

  return {
    ...list,
    view,
    scope,
    tag,
    tz,
    queryParams,
    countParams: assigneeParams,
    setView: useCallback((v: TodoView) => list.setFilter('view', v === 'all' ? '' : v), [list]),
    setTag: useCallback((t: string) => list.setFilter('tag', t), [list]),
    setScope: useCallback((s: TodoScope) => list.setFilter('assignee', s === 'me' ? '' : s), [list]),
    openId,
    setOpenId,
  };
}
