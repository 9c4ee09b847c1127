import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.ts';

describe('formatPhone', () => {
  it('shows a stored North American number in the one national format', () => {
    expect(formatPhone('+15035550142')).toBe('(503) 555-0142');
  });

  it('shows any other value as stored', () => {
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('555-0142')).toBe('555-0142');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});
