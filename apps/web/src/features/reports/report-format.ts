import { formatCalendarDay } from '../../lib/format-date.ts';
/** How the report tables write numbers: the CSV downloads carry these same strings. */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCount = (n: number) => integer.format(n);
/** A duration given in hours, as people read one: "37 d 6 h", "5 h 12 min", "45 min". */
export function formatDuration(hours: number | null): string {
  if (hours === null) return '—';
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return `${minutes} min`;
  const wholeHours = Math.round(hours);
  if (wholeHours < 24) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(wholeHours / 24);
  const h = wholeHours % 24;
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}
export const formatPercent = (n: number | null) => (n === null ? '—' : `${oneDecimal.format(n * 100)}%`);
export const formatMoney = (n: number) => money.format(n);

/** `2026-02-01` → "Feb 2026" (month buckets) or "Feb 1, 2026" (week buckets and range ends). */
export function formatBucket(day: string, interval: 'week' | 'month'): string {
  return formatCalendarDay(day, { month: interval === 'month' });
}
export const formatDay = (day: string) => formatCalendarDay(day);
