import { describe, expect, it } from 'vitest';
import { formatDuration } from './report-format.ts';

describe('formatDuration', () => {
  it('reads hours as days and hours, hours and minutes, or minutes', () => {
    expect(formatDuration(894)).toBe('37 d 6 h');
    expect(formatDuration(48)).toBe('2 d');
    expect(formatDuration(24.4)).toBe('1 d');
    expect(formatDuration(5.2)).toBe('5 h 12 min');
    expect(formatDuration(3)).toBe('3 h');
    expect(formatDuration(0.75)).toBe('45 min');
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(null)).toBe('—');
  });
});
