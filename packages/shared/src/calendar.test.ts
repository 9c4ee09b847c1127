import { describe, expect, it } from 'vitest';
import { addMonths, dayIn, dayStart, isTimeZone, startOfWeek } from './calendar.ts';
import { presetRange } from './schemas/report.ts';

describe('calendar days in a zone', () => {
  it('finds the instant a day starts, across DST changes', () => {
    expect(dayStart('2026-02-01', 'UTC').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(dayStart('2026-02-01', 'America/New_York').toISOString()).toBe('2026-02-01T05:00:00.000Z');
    // New York moves to EDT on 2026-03-08: the day starts at EST midnight, the next one at EDT midnight.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStart('2026-02-01', 'Asia/Kolkata').toISOString()).toBe('2026-01-31T18:30:00.000Z');
    // Santiago skips midnight when DST starts (2026-09-06): the day starts at 01:00.
    expect(dayStart('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('names the day of an instant in a zone', () => {
    expect(dayIn(new Date('2026-02-01T04:30:00Z'), 'America/New_York')).toBe('2026-01-31');
    expect(dayIn(new Date('2026-02-01T04:30:00Z'), 'UTC')).toBe('2026-02-01');
  });

  it('knows zones and steps through weeks and months', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(startOfWeek('2026-02-01')).toBe('2026-01-26');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
  });

  it('works out the presets from today', () => {
    expect(presetRange('thisMonth', '2026-05-17')).toEqual({ from: '2026-05-01', to: '2026-05-17' });
    expect(presetRange('lastMonth', '2026-03-05')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('quarterToDate', '2026-05-17')).toEqual({ from: '2026-04-01', to: '2026-05-17' });
    expect(presetRange('last12Months', '2026-05-17')).toEqual({ from: '2025-06-01', to: '2026-05-17' });
  });
});
