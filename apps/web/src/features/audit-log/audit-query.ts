import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';

/** The filters kept in the URL, besides q, page, sort and order. Dates are local YYYY-MM-DD. */
export const AUDIT_FILTER_KEYS = ['actorUserId', 'action', 'subjectType', 'outcome', 'from', 'to'] as const;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a local calendar day starts, or (end) its last millisecond, as ISO 8601. */
export function localDayBound(day: string, end = false): string | undefined {
  if (!LOCAL_DATE.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The API query for the list's URL state: the user picks days in their own time zone, so the
 * server gets the instants those days start and end rather than bare (UTC) dates.
 */
export function auditApiParams(params: ListQueryParams): ListQueryParams {
  const next: ListQueryParams = { ...params };
  for (const [key, end] of [
    ['from', false],
    ['to', true],
  ] as const) {
    const value = params[key];
    if (value === undefined) continue;
    const bound = localDayBound(String(value), end);
    if (bound) next[key] = bound;
    else delete next[key];
  }
  return next;
}

/** The export's address: the list's filters and order, without paging. */
export function auditExportUrl(path: string, params: ListQueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(auditApiParams(params))) {
    if (key !== 'page' && key !== 'pageSize') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
