/**
 * Calendar days in a time zone (IANA name), without a date library: the reports take a range of
 * the user's calendar days and the server turns it into instants here, so the database never has
 * to know the zone (its zone list and the browser's could differ).
 */

/** A calendar day `YYYY-MM-DD`. */
export type CalendarDay = string;

/** True when the runtime knows the zone (`Europe/Berlin`, `UTC`, …). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(tz: string): Intl.DateTimeFormat {
  let format = dayFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayFormats.set(tz, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: Date, tz: string) {
  const parts = Object.fromEntries(
    dayFormat(tz)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(instant: Date, tz: string): number {
  const w = wallClock(instant, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar day an instant falls on in a zone. */
export function dayIn(instant: Date, tz: string): CalendarDay {
  const w = wallClock(instant, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The calendar day and the wall-clock time (`HH:MM:SS`) of an instant in a zone. */
export function dayAndTimeIn(instant: Date, tz: string): { day: CalendarDay; time: string } {
  const w = wallClock(instant, tz);
  return { day: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` };
}

/**
 * The instant a calendar day starts in a zone (its first moment: midnight, or the first moment
 * after a DST gap at midnight).
 */
export function dayStart(day: CalendarDay, tz: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes settle the offset in force at that wall-clock time (DST moves it by an hour).
  let guess = wall - offsetAt(new Date(wall), tz);
  guess = wall - offsetAt(new Date(guess), tz);
  // In a gap (the clock jumps past midnight) the guess lands before the day: step into the day.
  if (dayIn(new Date(guess), tz) !== day) guess += 3_600_000;
  return new Date(guess);
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

export function startOfMonth(day: CalendarDay): CalendarDay {
  return `${day.slice(0, 7)}-01`;
}

/** The Monday of the day's ISO week. */
export function startOfWeek(day: CalendarDay): CalendarDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: CalendarDay, b: CalendarDay): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}
