/**
 * "Now" on the wall calendar of a time zone (decision 029): the date that counts as today and
 * the clock time that decides whether a todo due today at a time is already overdue. Computed
 * here with the runtime's time-zone data (the zod schema has checked the name), so SQL only
 * compares dates and times and never depends on the database's own time-zone tables.
 */
export type CalendarNow = { tz: string; today: string; time: string };

export function calendarNow(tz: string, now: Date): CalendarNow {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    tz,
    today: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
  };
}
