import type { ListQueryParams } from './list-url-state.ts';

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
export function dayRangeApiParams(params: ListQueryParams): ListQueryParams {
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
