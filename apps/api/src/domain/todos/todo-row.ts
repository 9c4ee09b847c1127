import type { Todo } from '@boardwalk/shared/schemas/todo';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { todos } from '../../db/schema/todos.ts';
import { users } from '../../db/schema/users.ts';
import { ProblemError } from '../../lib/problem.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';

const userName = (id: PgColumn) =>
  sql<string | null>`(select ${userNameOf(users)} from ${users} where ${users.id} = ${id})`;

/**
 * The one query every todo answer is read from: the row with the names of its assignee, its
 * completer and its merchant, as scalar subqueries (one key lookup each, only for the rows returned).
 */
export function selectTodos(db: Db) {
  const t = todos;
  return db
    .select({
      ...getTableColumns(t),
      assigneeName: userName(t.assigneeId),
      completedByName: userName(t.completedBy),
      merchantName: sql<
        string | null
      >`(select ${merchants.dbaName} from ${merchants} where ${merchants.id} = ${t.merchantId})`,
      merchantDeleted: sql<boolean>`coalesce((select ${merchants.deletedAt} is not null from ${merchants} where ${merchants.id} = ${t.merchantId}), false)`,
    })
    .from(t);
}

export type TodoRow = Awaited<ReturnType<typeof selectTodos>>[number];

/** 'HH:MM:SS' as PostgreSQL answers a time → 'HH:MM', as the API speaks it. */
export const hoursMinutes = (time: string | null): string | null => (time === null ? null : time.slice(0, 5));

const ref = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function toTodo(row: TodoRow): Todo {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    title: row.title,
    description: row.description,
    dueOn: row.dueOn,
    dueTime: hoursMinutes(row.dueTime),
    assignee: ref(row.assigneeId, row.assigneeName),
    merchant:
      row.merchantId === null
        ? null
        : { id: row.merchantId, name: row.merchantName ?? '', deleted: Boolean(row.merchantDeleted) },
    priority: row.priority,
    tags: row.tags,
    isImportant: row.isImportant,
    isCompleted: row.isCompleted,
    completedAt: row.completedAt?.toISOString() ?? null,
    completedBy: ref(row.completedBy, row.completedByName),
  };
}

export const noTodo = () => new ProblemError(404, 'No todo with this id.');

/** One todo by id, trashed ones too. */
export async function readTodo(db: Db, id: string, where?: SQL): Promise<Todo> {
  const [row] = await selectTodos(db).where(where ?? eq(todos.id, id));
  if (!row) throw noTodo();
  return toTodo(row);
}
