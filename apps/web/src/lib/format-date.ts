import { isTimeZone } from '@boardwalk/shared/time-zone';

/**
 * The one way the app shows dates and times: the user's locale (the browser's languages), a
 * medium date, and, where a time matters, a short time with its time zone, since back-office
 * users work across zones. Times show in the zone the user chose on their profile (a UI
 * setting), else the browser's. Values are ISO strings or Dates from the API; an empty value
 * shows as a dash and a value that is not a date shows as it came.
 */
export type DateFormatOptions = {
  /** BCP 47 locales; the browser's by default. */
  locale?: string | readonly string[];
  /** IANA time zone; the user's (userTimeZone) by default. */
  timeZone?: string;
};

export const NO_DATE = '—';

const userLocales = (): readonly string[] | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator.languages ?? [navigator.language]);

function parse(value: string | Date | null | undefined): Date | string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date;
}

function format(
  value: string | Date | null | undefined,
  fields: Intl.DateTimeFormatOptions,
  options: DateFormatOptions,
) {
  const date = parse(value);
  if (date === undefined) return NO_DATE;
  if (typeof date === 'string') return date;
  return formatter(options.locale ?? userLocales(), fields, options.timeZone ?? userTimeZone()).format(date);
}

/**
 * Formatters by locale, fields and zone. Making an Intl.DateTimeFormat costs far more than
 * formatting with one (locale and zone data are looked up each time): a list of 25 rows with a
 * date each, or /home's activity and todos, made one per cell (bench/cpu-profile.ts).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: string | readonly string[] | undefined,
  fields: Intl.DateTimeFormatOptions,
  timeZone?: string,
) {
  const key = JSON.stringify([locale, fields, timeZone]);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale as string[] | undefined, { ...fields, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** A day: "Nov 21, 2026" / "21 Nov 2026". */
export function formatDate(value: string | Date | null | undefined, options: DateFormatOptions = {}): string {
  return format(value, { year: 'numeric', month: 'short', day: 'numeric' }, options);
}

/** A moment: "Nov 21, 2026, 3:04 PM UTC" / "21 Nov 2026, 15:04 CET". */
export function formatDateTime(value: string | Date | null | undefined, options: DateFormatOptions = {}): string {
  return format(
    value,
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    options,
  );
}

/** A moment in UTC to the second, for a title on hover: "2026-11-21 15:04:05 UTC". */
export function formatUtc(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (date === undefined) return NO_DATE;
  if (typeof date === 'string') return date;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A moment on a chart axis: "Nov 21, 03 PM" (day and hour, no year, no zone). */
export function formatDayHour(value: string | Date | null | undefined, options: DateFormatOptions = {}): string {
  return format(value, { month: 'short', day: 'numeric', hour: '2-digit' }, options);
}

/**
 * A calendar day `YYYY-MM-DD` (a due date, a report bucket: no time, so no zone shifts it):
 * "Nov 21, 2026", "Nov 21" with `omitYear`, "Nov 2026" with `month`.
 */
export function formatCalendarDay(
  day: string,
  options: { locale?: string | readonly string[]; omitYear?: boolean; month?: boolean } = {},
): string {
  const fields: Intl.DateTimeFormatOptions = options.month
    ? { year: 'numeric', month: 'short' }
    : { month: 'short', day: 'numeric', ...(options.omitYear ? {} : { year: 'numeric' }) };
  return format(`${day}T00:00:00Z`, fields, { locale: options.locale, timeZone: 'UTC' });
}

let zone: string | undefined;

/**
 * The browser's time zone: what "today" and a date range mean for this user (the API's `tz`).
 * Read once per page load (resolving it builds a formatter; the todos ask on every render), as
 * the formatters above keep the zone they were made in.
 */
export function browserTimeZone(): string {
  if (zone !== undefined) return zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    zone = 'UTC';
  }
  return zone;
}

let chosenZone = '';
let askedZone = '';

/**
 * Shows times in `zone` from now on (the profile's time zone setting); empty, or a zone this
 * browser does not know, goes back to the browser's. The settings provider calls it on every
 * render: the zone is checked (an Intl formatter built) only when it changes.
 */
export function setUserTimeZone(zone: string): void {
  if (zone === askedZone) return;
  askedZone = zone;
  chosenZone = zone && isTimeZone(zone) ? zone : '';
}

/**
 * The zone times are shown in and what "today" means for this user (the API's `tz`): the one
 * chosen on their profile, else the browser's.
 */
export function userTimeZone(): string {
  return chosenZone || browserTimeZone();
}
