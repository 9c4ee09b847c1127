import { formatDateTime, formatUtc } from '../lib/format-date.ts';

/**
 * A moment as the app shows it (the user's zone and locale), with the same moment in UTC on
 * hover, for comparing with logs, emails and colleagues elsewhere.
 */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  const shown = formatDateTime(value);
  const utc = formatUtc(value);
  if (!value || utc === shown) return <>{shown}</>;
  return (
    <time dateTime={value} title={utc}>
      {shown}
    </time>
  );
}
