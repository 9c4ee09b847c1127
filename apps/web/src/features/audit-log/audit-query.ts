import { dayRangeApiParams } from '../../components/data-table/day-range-params.ts';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';

/** The filters kept in the URL, besides q, page, sort and order. Dates are local YYYY-MM-DD. */
export const AUDIT_FILTER_KEYS = ['actorUserId', 'action', 'subjectType', 'outcome', 'from', 'to'] as const;

/** The export's address: the list's filters and order, without paging. */
export function auditExportUrl(path: string, params: ListQueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(dayRangeApiParams(params))) {
    if (key !== 'page' && key !== 'pageSize') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
