import { formatCalendarDay } from '../../lib/format-date.ts';
/** How the report tables write numbers: the CSV downloads carry these same strings. */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCount = (n: number) => integer.format(n);
export const formatHours = (n: number | null) => (n === null ? '—' : oneDecimal.format(n));
export const formatPercent = (n: number | null) => (n === null ? '—' : `${oneDecimal.format(n * 100)}%`);
export const formatMoney = (n: number) => money.format(n);

/** `2026-02-01` → "Feb 2026" (month buckets) or "Feb 1, 2026" (week buckets and range ends). */
export function formatBucket(day: string, interval: 'week' | 'month'): string {
  return formatCalendarDay(day, { month: interval === 'month' });
}
export const formatDay = (day: string) => formatCalendarDay(day);
