import { z } from 'zod';
import {
  TODO_DESCRIPTION_MAX,
  TODO_PRIORITIES,
  TODO_TAG_MAX,
  TODO_TAGS_MAX,
  TODO_TITLE_MAX,
  type Todo,
  type UpdateTodoInput,
} from '@boardwalk/shared/schemas/todo';
import { text } from '@boardwalk/shared/schemas/fields';

/**
 * The drawer's form: what the fields hold ('' for no date or time) and, after validation, the
 * PATCH body's fields. The limits are the API's (packages/shared schemas/todo.ts).
 */
export const todoFormSchema = z
  .object({
    title: text('Enter a title')
      .trim()
      .min(1, 'Enter a title')
      .max(TODO_TITLE_MAX, `Use at most ${TODO_TITLE_MAX} characters`),
    description: text().trim().max(TODO_DESCRIPTION_MAX, `Use at most ${TODO_DESCRIPTION_MAX} characters`),
    dueOn: text().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Use a date such as 2026-05-31'),
    dueTime: text().refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Use a time such as 14:30'),
    assigneeId: z.string().nullable(),
    /** The linked merchant (picked by search; none to unlink). */
    merchant: z.object({ id: z.string(), name: z.string() }).nullable(),
    priority: z.enum(TODO_PRIORITIES),
    tags: z
      .array(text().trim().toLowerCase().min(1).max(TODO_TAG_MAX, `Use at most ${TODO_TAG_MAX} characters per tag`))
      .max(TODO_TAGS_MAX, `Use at most ${TODO_TAGS_MAX} tags`),
    isImportant: z.boolean(),
    isCompleted: z.boolean(),
  })
  .refine((v) => v.dueTime === '' || v.dueOn !== '', { message: 'Pick a due date for the time', path: ['dueTime'] });

export type TodoFormValues = z.output<typeof todoFormSchema>;

/** The form's values as the PATCH body's fields: no date or time is null. */
export function todoPatchOf({ merchant, ...v }: TodoFormValues): Omit<UpdateTodoInput, 'id' | 'updatedAt'> {
  return { ...v, dueOn: v.dueOn || null, dueTime: v.dueTime || null, merchantId: merchant?.id ?? null };
}

export function todoFormValues(todo: Todo): TodoFormValues {
  return {
    title: todo.title,
    description: todo.description,
    dueOn: todo.dueOn ?? '',
    dueTime: todo.dueTime ?? '',
    assigneeId: todo.assignee?.id ?? null,
    merchant: todo.merchant ? { id: todo.merchant.id, name: todo.merchant.name } : null,
    priority: todo.priority,
    tags: todo.tags,
    isImportant: todo.isImportant,
    isCompleted: todo.isCompleted,
  };
}
