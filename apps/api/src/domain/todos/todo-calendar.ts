import { dayAndTimeIn } from '@boardwalk/shared/calendar';

/**
 * "Now" on the wall calendar of a time zone (decision 029): the date that counts as today and
 * the clock time that decides whether a todo due today at a time is already overdue. Computed
 * here with the runtime's time-zone data (the zod schema has checked the name), so SQL only
 * compares dates and times and never depends on the database's own time-zone tables.
 */
export type CalendarNow = { tz: string; today: string; time: string };

export function calendarNow(tz: string, now: Date): CalendarNow {
  const { day, time } = dayAndTimeIn(now, tz);
  return { tz, today: day, time };
}
