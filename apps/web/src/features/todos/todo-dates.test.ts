import { describe, expect, it } from 'vitest';
import { calendarNow, dueLabel, isOverdue } from './todo-dates.ts';

const open = { isCompleted: false, deletedAt: null };

describe('todo dates (decision 029)', () => {
  it('reads today and the time on the calendar of a time zone', () => {
    const at = new Date('2026-11-23T12:30:00Z');
    expect(calendarNow(at, 'UTC')).toEqual({ today: '2026-11-23', time: '12:30' });
    expect(calendarNow(at, 'Pacific/Auckland')).toEqual({ today: '2026-11-24', time: '01:30' });
    expect(calendarNow(at, 'America/Los_Angeles')).toEqual({ today: '2026-11-23', time: '04:30' });
  });

  it('marks a todo overdue as the API does: an earlier day, or today at a time past', () => {
    const now = { today: '2026-11-23', time: '12:30' };
    expect(isOverdue({ ...open, dueOn: '2026-11-22', dueTime: null }, now)).toBe(true);
    expect(isOverdue({ ...open, dueOn: '2026-11-23', dueTime: '12:29' }, now)).toBe(true);
    expect(isOverdue({ ...open, dueOn: '2026-11-23', dueTime: '12:30' }, now)).toBe(false);
    expect(isOverdue({ ...open, dueOn: '2026-11-23', dueTime: null }, now)).toBe(false);
    expect(isOverdue({ ...open, dueOn: null, dueTime: null }, now)).toBe(false);
    expect(isOverdue({ isCompleted: true, deletedAt: null, dueOn: '2026-11-01', dueTime: null }, now)).toBe(false);
  });

  it('names the due day relative to today', () => {
    expect(dueLabel({ dueOn: '2026-11-23', dueTime: null }, '2026-11-23')).toBe('Today');
    expect(dueLabel({ dueOn: '2026-11-24', dueTime: '09:00' }, '2026-11-23')).toBe('Tomorrow 09:00');
    expect(dueLabel({ dueOn: '2026-11-22', dueTime: null }, '2026-11-23')).toBe('Yesterday');
    expect(dueLabel({ dueOn: '2026-12-30', dueTime: null }, '2026-11-23', 'en-US')).toBe('Dec 30');
    expect(dueLabel({ dueOn: '2027-01-05', dueTime: null }, '2026-11-23', 'en-US')).toBe('Jan 5, 2027');
    expect(dueLabel({ dueOn: null, dueTime: null }, '2026-11-23')).toBe('');
  });
});
