import { z } from 'zod';
import { listParamsSchema } from '../list.ts';
import { booleanQuery, recordMetaShape, text, updateMetaShape } from './fields.ts';

/**
 * Todos (/api/todos, the todos table; decision 029). A due date is a
 * calendar date with an optional wall-clock time, as task apps keep it: "today" and "overdue"
 * are read in the caller's time zone (the list's `tz` param), never converted on the way in.
 */

export const TODO_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TodoPriority = (typeof TODO_PRIORITIES)[number];
export const TODO_PRIORITY_LABELS: Record<TodoPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

/**
 * The left column's views. Every view but completed and trash shows open todos (not completed,
 * not in the trash); `overdue` is due before today, or today at a time already past.
 */
export const TODO_VIEWS = ['all', 'today', 'upcoming', 'overdue', 'important', 'completed', 'trash'] as const;
export type TodoView = (typeof TODO_VIEWS)[number];
export const TODO_VIEW_LABELS: Record<TodoView, string> = {
  all: 'All',
  today: 'Today',
  upcoming: 'Upcoming',
  overdue: 'Overdue',
  important: 'Important',
  completed: 'Completed',
  trash: 'Trash',
};

export const TODO_SORT_COLUMNS = ['dueOn', 'priority', 'title', 'createdAt', 'updatedAt', 'completedAt'] as const;

export const TODO_TITLE_MAX = 200;
export const TODO_DESCRIPTION_MAX = 5000;
export const TODO_TAGS_MAX = 10;
export const TODO_TAG_MAX = 40;

/** Whether `value` names a time zone this runtime knows (IANA, e.g. Europe/Berlin, or UTC). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The `tz` query param: an IANA time zone; UTC when absent. */
export const timeZoneParam = text()
  .trim()
  .max(64, 'Use a time zone such as Europe/Berlin')
  .refine(isTimeZone, 'Use a time zone such as Europe/Berlin')
  .default('UTC')
  .describe('IANA time zone whose calendar day is "today" (default UTC); echoed in params');

const dueOn = z.iso.date('Use a date such as 2026-05-31').nullable();
const dueTime = text()
  .max(5, 'Use a time such as 14:30')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 14:30')
  .nullable();

/** One tag: trimmed, lower-cased, no commas (the list filters by one tag at a time). */
const tag = text()
  .trim()
  .toLowerCase()
  .min(1, 'Remove the empty tag')
  .max(TODO_TAG_MAX, `Use at most ${TODO_TAG_MAX} characters per tag`)
  .refine((v) => !v.includes(','), 'A tag cannot hold a comma');

const tags = z
  .array(tag)
  .max(TODO_TAGS_MAX, `Use at most ${TODO_TAGS_MAX} tags`)
  .transform((list) => [...new Set(list)]);

const todoFields = {
  title: text('Enter a title')
    .trim()
    .min(1, 'Enter a title')
    .max(TODO_TITLE_MAX, `Use at most ${TODO_TITLE_MAX} characters`),
  description: text().trim().max(TODO_DESCRIPTION_MAX, `Use at most ${TODO_DESCRIPTION_MAX} characters`),
  dueOn,
  dueTime,
  /** null: nobody; absent on create: the caller. */
  assigneeId: z.uuid('Choose a user').nullable(),
  merchantId: z.uuid('Choose a merchant').nullable(),
  priority: z.enum(TODO_PRIORITIES),
  tags,
  isImportant: z.boolean(),
  isCompleted: z.boolean(),
};

const timeNeedsDate = (v: { dueOn?: string | null | undefined; dueTime?: string | null | undefined }) =>
  !v.dueTime || !!v.dueOn;
const timeNeedsDateIssue = { message: 'Pick a due date for the time', path: ['dueTime'] };

/** POST /api/todos `{ data }`: only the title is required. */
export const createTodoSchema = z
  .object({
    title: todoFields.title,
    description: todoFields.description.default(''),
    dueOn: todoFields.dueOn.default(null),
    dueTime: todoFields.dueTime.default(null),
    assigneeId: todoFields.assigneeId.optional(),
    merchantId: todoFields.merchantId.default(null),
    priority: todoFields.priority.default('normal'),
    tags: todoFields.tags.default([]),
    isImportant: todoFields.isImportant.default(false),
    isCompleted: todoFields.isCompleted.default(false),
  })
  .refine(timeNeedsDate, timeNeedsDateIssue);
export type CreateTodoInput = z.input<typeof createTodoSchema>;

/** PATCH /api/todos/{id}: the changed fields, the todo's own id (optional) and the updatedAt read. */
export const updateTodoSchema = z
  .object({
    title: todoFields.title.optional(),
    description: todoFields.description.optional(),
    dueOn: todoFields.dueOn.optional(),
    dueTime: todoFields.dueTime.optional(),
    assigneeId: todoFields.assigneeId.optional(),
    merchantId: todoFields.merchantId.optional(),
    priority: todoFields.priority.optional(),
    tags: todoFields.tags.optional(),
    isImportant: todoFields.isImportant.optional(),
    isCompleted: todoFields.isCompleted.optional(),
    ...updateMetaShape,
  })
  .refine((v) => !(v.dueTime && v.dueOn === null), timeNeedsDateIssue);
export type UpdateTodoInput = z.input<typeof updateTodoSchema>;

const ref = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const todoSchema = z.object({
  ...recordMetaShape,
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD, a calendar date (no time zone). */
  dueOn: z.string().nullable(),
  /** HH:MM wall-clock time on dueOn, or null for "some time that day". */
  dueTime: z.string().nullable(),
  assignee: ref,
  merchant: z.object({ id: z.uuid(), name: z.string(), deleted: z.boolean() }).nullable(),
  priority: z.enum(TODO_PRIORITIES),
  tags: z.array(z.string()),
  isImportant: z.boolean(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  completedBy: ref,
});
export type Todo = z.infer<typeof todoSchema>;

/** GET /api/todos: the common list params, the view, the filters and the caller's time zone. */
export const todoListQuerySchema = listParamsSchema(TODO_SORT_COLUMNS).extend({
  view: z.enum(TODO_VIEWS).default('all'),
  /** A user id, `me` for the caller, or `none` (nobody); absent: everyone's. */
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid()]).optional(),
  tag: text().trim().toLowerCase().max(TODO_TAG_MAX).optional(),
  merchantId: z.uuid().optional(),
  important: booleanQuery.optional(),
  tz: timeZoneParam,
});
export type TodoListQuery = z.infer<typeof todoListQuerySchema>;

/** The params the list echoes: the parsed query plus the calendar day it counted as today. */
export const todoListParamsSchema = z.object({
  q: z.string().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(TODO_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']),
  view: z.enum(TODO_VIEWS),
  assignee: z.string().optional(),
  tag: z.string().optional(),
  merchantId: z.string().optional(),
  important: z.boolean().optional(),
  tz: z.string(),
  today: z.string().describe('YYYY-MM-DD: today in tz when the request was answered'),
});

export const todoListSchema = z.object({
  todos: z.array(todoSchema),
  total: z.number().int(),
  params: todoListParamsSchema,
  allData: z.array(todoSchema).describe('Always []: todos are unbounded'),
});
export type TodoListResponse = z.infer<typeof todoListSchema>;

/** GET /api/todos/counts: the left column's numbers, for the same assignee / merchant / tz. */
export const todoCountsQuerySchema = todoListQuerySchema.pick({ assignee: true, merchantId: true, tz: true });
export type TodoCountsQuery = z.infer<typeof todoCountsQuerySchema>;

export const todoCountsSchema = z.object({
  views: z.object(Object.fromEntries(TODO_VIEWS.map((v) => [v, z.number().int()])) as Record<TodoView, z.ZodNumber>),
  /** Open todos per tag, by tag name; at most 100 tags, the most used first. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  params: z.object({
    tz: z.string(),
    today: z.string(),
    assignee: z.string().optional(),
    merchantId: z.string().optional(),
  }),
});
export type TodoCounts = z.infer<typeof todoCountsSchema>;
