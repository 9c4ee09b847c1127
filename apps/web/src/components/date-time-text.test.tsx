import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/format-date.ts';
import { DateTimeText } from './date-time-text.tsx';

describe('DateTimeText', () => {
  it('shows the moment in the user’s zone with the same moment in UTC on hover', () => {
    render(<DateTimeText value="2026-03-01T10:00:05.000Z" />);
    const time = screen.getByText(formatDateTime('2026-03-01T10:00:05.000Z'));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-01T10:00:05.000Z');
    expect(time).toHaveAttribute('title', '2026-03-01 10:00:05 UTC');
  });

  it('shows a dash for no moment, without a title', () => {
    const { container } = render(<DateTimeText value={null} />);
    expect(container.textContent).toBe('—');
    expect(container.querySelector('time')).toBeNull();
  });
});
