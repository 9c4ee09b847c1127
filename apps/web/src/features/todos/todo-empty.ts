import type { TodoView } from '@boardwalk/shared/schemas/todo';

/** What an empty view says, and what to do about it. */
export const TODO_EMPTY_TEXT: Record<TodoView, string> = {
  all: 'Nothing to do. Type a todo in the box above and press Enter.',
  today: 'Nothing due today. Add one above, or look at Upcoming for what comes next.',
  upcoming: 'Nothing due after today. Give a todo a due date in its details to see it here.',
  overdue: 'Nothing overdue. Todos whose due date has passed show up here.',
  important: 'No important todos. Add one above, or switch on Important in a todo’s details.',
  completed: 'Nothing completed yet. Tick a todo’s box, or press Space on it, to complete it.',
  trash: 'The trash is empty. Todos you delete wait here until you delete them for good.',
};

export const TODO_FILTERED_EMPTY_TEXT = 'No todos match. Clear the search or pick another tag or view.';
