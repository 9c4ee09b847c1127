import { TODO_PRIORITIES } from '@boardwalk/shared/schemas/todo';
import { sql } from 'drizzle-orm';
import { boolean, date, index, pgEnum, pgTable, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

export const todoPriorityEnum = pgEnum('todo_priority', TODO_PRIORITIES);

/**
 * Todos (decision 029). The due date is a calendar date with an optional wall-clock
 * time: which day is "today" is the viewer's time zone's business, not the row's. Trash is
 * `deleted_at`; a delete from the trash removes the row.
 */
export const todos = pgTable(
  'todos',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueOn: date('due_on', { mode: 'string' }),
    dueTime: time('due_time'),
    assigneeId: uuid('assignee_id').references(() => users.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    priority: todoPriorityEnum('priority').notNull().default('normal'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isImportant: boolean('is_important').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    completedBy: uuid('completed_by').references(() => users.id),
    ...timestamps(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The open views (all, today, upcoming, overdue, important) per assignee, in due order.
    index('todos_open_assignee_due_idx')
      .on(t.assigneeId, t.dueOn, t.dueTime, t.id)
      .where(sql`${t.deletedAt} is null and not ${t.isCompleted}`),
    // The same views over everyone's todos.
    index('todos_open_due_idx')
      .on(t.dueOn, t.dueTime, t.id)
      .where(sql`${t.deletedAt} is null and not ${t.isCompleted}`),
    index('todos_completed_idx')
      .on(t.assigneeId, t.completedAt)
      .where(sql`${t.deletedAt} is null and ${t.isCompleted}`),
    index('todos_trash_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // A merchant's Todos tab.
    index('todos_merchant_idx')
      .on(t.merchantId, t.dueOn)
      .where(sql`${t.merchantId} is not null`),
    // The tag filter (tags @> array[tag]) and the per-tag counts.
    index('todos_tags_idx').using('gin', t.tags),
  ],
);
