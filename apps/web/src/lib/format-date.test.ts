import { afterEach, describe, expect, it } from 'vitest';
import { appSources, filesMatching } from '../test/app-sources.ts';
import {
  browserTimeZone,
  formatDate,
  formatDateTime,
  formatUtc,
  NO_DATE,
  setUserTimeZone,
  userTimeZone,
} from './format-date.ts';

const AT = '2026-11-21T15:04:05.000Z';

describe('formatDate / formatDateTime (one date and time format)', () => {
  it('shows a moment in the locale, with the time zone', () => {
    expect(formatDateTime(AT, { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 21, 2026, 3:04 PM UTC');
    expect(formatDateTime(AT, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('21 Nov 2026, 16:04 CET');
  });

  it('shows a day in the locale', () => {
    expect(formatDate(AT, { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 21, 2026');
    expect(formatDate(new Date(AT), { locale: 'de-DE', timeZone: 'UTC' })).toBe('21. Nov. 2026');
  });

  it('shows a dash for no value and passes on what is not a date', () => {
    expect(formatDateTime(null)).toBe(NO_DATE);
    expect(formatDate('')).toBe(NO_DATE);
    expect(formatDate('yesterday')).toBe('yesterday');
  });

  it('is the only place that formats dates', () => {
    const formatting = /\.toLocale(Date|Time)?String\(|Intl\.DateTimeFormat|dateStyle|timeStyle/;
    expect(filesMatching(appSources, formatting)).toEqual(['lib/format-date.ts']);
  });
});

describe('the user’s time zone', () => {
  afterEach(() => setUserTimeZone(''));

  it('shows times in the zone chosen on the profile, and the browser’s when none or an unknown one is chosen', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const browser = formatDateTime(at);
    setUserTimeZone('Asia/Tokyo');
    expect(userTimeZone()).toBe('Asia/Tokyo');
    expect(formatDateTime(at)).toBe(formatDateTime(at, { timeZone: 'Asia/Tokyo' }));
    setUserTimeZone('Mars/Olympus_Mons');
    expect(userTimeZone()).toBe(browserTimeZone());
    expect(formatDateTime(at)).toBe(browser);
  });

  it('writes the same moment in UTC for a title on hover', () => {
    expect(formatUtc('2026-03-01T10:00:05.123Z')).toBe('2026-03-01 10:00:05 UTC');
    expect(formatUtc(null)).toBe(NO_DATE);
  });
});
