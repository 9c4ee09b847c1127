import { userTimeZone } from '../../lib/format-date.ts';
import { dayIn } from '@boardwalk/shared/calendar';
import {
  presetRange,
  REPORT_FILTER_KEYS,
  REPORT_PRESETS,
  type ReportFilterKey,
  type ReportPreset,
} from '@boardwalk/shared/schemas/report';

/** What /report keeps in its URL: the preset (or custom days) and the filters. */
export type ReportUrlState = {
  preset: ReportPreset;
  from: string;
  to: string;
  filters: Partial<Record<ReportFilterKey, string>>;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days of the range are the user's calendar days in their zone (lib/format-date.ts). */
export { userTimeZone };

/** Reads the URL; a preset's days are worked out from today in the user's zone. */
export function readReportUrl(search: URLSearchParams, now = new Date(), tz = userTimeZone()): ReportUrlState {
  const asked = search.get('preset');
  const preset: ReportPreset = (REPORT_PRESETS as readonly string[]).includes(asked ?? '')
    ? (asked as ReportPreset)
    : 'thisMonth';
  const filters: ReportUrlState['filters'] = {};
  for (const key of REPORT_FILTER_KEYS) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  const today = dayIn(now, tz);
  if (preset === 'custom') {
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    const fallback = presetRange('thisMonth', today);
    return {
      preset,
      from: DAY.test(from) ? from : fallback.from,
      to: DAY.test(to) ? to : fallback.to,
      filters,
    };
  }
  return { preset, ...presetRange(preset, today), filters };
}

/** The URL for a state: days only for `custom` (a preset moves with the calendar). */
export function reportSearch(state: ReportUrlState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.preset !== 'thisMonth') search.set('preset', state.preset);
  if (state.preset === 'custom') {
    search.set('from', state.from);
    search.set('to', state.to);
  }
  for (const [key, value] of Object.entries(state.filters)) if (value) search.set(key, value);
  return search;
}

/** The API query of every report for a state. */
export function reportApiParams(state: ReportUrlState, tz = userTimeZone()): Record<string, string> {
  return { from: state.from, to: state.to, tz, ...(state.filters as Record<string, string>) };
}
