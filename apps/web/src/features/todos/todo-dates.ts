import { dayAndTimeIn } from '@boardwalk/shared/calendar';
import type { Todo } from '@boardwalk/shared/schemas/todo';
import { userTimeZone, formatCalendarDay } from '../../lib/format-date.ts';

export { userTimeZone };

/** YYYY-MM-DD and HH:MM of `now` on the calendar of `tz`. */
export function calendarNow(now: Date, tz: string = userTimeZone()): { today: string; time: string } {
  const { day, time } = dayAndTimeIn(now, tz);
  return { today: day, time: time.slice(0, 5) };
}

/** Open and due before today, or today at a time already past: what the API's overdue view holds. */
export function isOverdue(
  todo: Pick<Todo, 'dueOn' | 'dueTime' | 'isCompleted' | 'deletedAt'>,
  now: { today: string; time: string },
) {
  if (todo.isCompleted || todo.deletedAt !== null || todo.dueOn === null) return false;
  return todo.dueOn < now.today || (todo.dueOn === now.today && todo.dueTime !== null && todo.dueTime < now.time);
}

/** "Today", "Tomorrow", "Yesterday" or the date ("Nov 30"), with the time when there is one. */
export function dueLabel(todo: Pick<Todo, 'dueOn' | 'dueTime'>, today: string, locale?: string): string {
  if (todo.dueOn === null) return '';
  const day = dayName(todo.dueOn, today, locale);
  return todo.dueTime ? `${day} ${todo.dueTime}` : day;
}

function dayName(date: string, today: string, locale?: string): string {
  const diff = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return formatCalendarDay(date, { locale, omitYear: sameYear });
}
