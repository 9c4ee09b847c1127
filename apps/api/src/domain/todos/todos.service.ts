import type { createTodoSchema, Todo, UpdateTodoInput } from '@boardwalk/shared/schemas/todo';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { todos } from '../../db/schema/todos.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import { assertCurrentVersion } from '../../lib/crud/precondition.ts';
import { auditChanges, changedValues } from '../../lib/db/changes.ts';
import { problemFromDbError } from '../../lib/db/errors.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { ProblemError } from '../../lib/problem.ts';
import { excerptOf } from '../merchants/notes/merchant-notes.service.ts';
import { writeMerchantEvent } from '../merchants/record/merchant-events.ts';
import { hoursMinutes, noTodo, readTodo } from './todo-row.ts';

/** Todos: every write commits with its audit row, and its timeline entry when it has one. */

type Row = typeof todos.$inferSelect;
type Values = Partial<typeof todos.$inferInsert>;

const fieldError = (field: string, message: string) =>
  new ProblemError(400, message, { errors: { [field]: [message] } });

async function write<R>(db: Db, run: (tx: Db) => Promise<R>): Promise<R> {
  try {
    return await db.transaction((tx) => run(tx as unknown as Db));
  } catch (error) {
    throw problemFromDbError(error);
  }
}

async function audit(tx: Db, caller: Caller, action: string, id: string, changes: Record<string, unknown>) {
  await writeAudit(tx, {
    action: `todo.${action}`,
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: 'todo',
    subjectId: id,
    changes,
    ip: caller.ip,
  });
}

/** The assignee must be a user who is not deleted; the merchant one not deleted (held until commit). */
async function checkReferences(tx: Db, values: Values): Promise<void> {
  if (typeof values.assigneeId === 'string') {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, values.assigneeId), isNull(users.deletedAt)));
    if (!user) throw fieldError('assigneeId', 'Choose a user who exists');
  }
  if (typeof values.merchantId === 'string') {
    const [merchant] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.id, values.merchantId), isNull(merchants.deletedAt)))
      .for('share');
    if (!merchant) throw fieldError('merchantId', 'Choose a merchant that exists');
  }
}

/** A line on the linked merchant's timeline ("added the todo “Call the owner”"). */
async function timeline(tx: Db, caller: Caller, merchantId: string, todoId: string, verb: string, title: string) {
  await writeMerchantEvent(tx, caller, merchantId, 'todo', {
    todoId,
    summary: `${verb} the todo “${excerptOf(title, 80)}”`,
  });
}

/** Completing stamps who and when; reopening clears both. */
function completion(isCompleted: boolean | undefined, caller: Caller): Values {
  if (isCompleted === undefined) return {};
  return isCompleted
    ? { isCompleted: true, completedAt: caller.now, completedBy: caller.actor.userId }
    : { isCompleted: false, completedAt: null, completedBy: null };
}

/** POST: the parsed `data` (createTodoSchema); without an assignee the todo is the caller's. */
export async function createTodo(db: Db, caller: Caller, input: z.output<typeof createTodoSchema>): Promise<Todo> {
  const id = await write(db, async (tx) => {
    const values = {
      title: input.title,
      description: input.description,
      dueOn: input.dueOn,
      dueTime: input.dueTime,
      assigneeId: input.assigneeId === undefined ? caller.actor.userId : input.assigneeId,
      merchantId: input.merchantId,
      priority: input.priority,
      tags: input.tags,
      isImportant: input.isImportant,
      ...completion(input.isCompleted ? true : undefined, caller),
    };
    await checkReferences(tx, values);
    const [row] = await tx
      .insert(todos)
      .values({
        ...values,
        createdAt: caller.now,
        updatedAt: caller.now,
        createdBy: caller.actor.userId,
        updatedBy: caller.actor.userId,
      })
      .returning();
    const created = row!;
    await audit(tx, caller, 'create', created.id, auditChanges(null, values));
    if (created.merchantId) await timeline(tx, caller, created.merchantId, created.id, 'added', created.title);
    return created.id;
  });
  return readTodo(db, id);
}

async function lock(tx: Db, id: string, state: 'live' | 'trashed' | 'any'): Promise<Row> {
  const where =
    state === 'any'
      ? eq(todos.id, id)
      : and(eq(todos.id, id), state === 'live' ? isNull(todos.deletedAt) : isNotNull(todos.deletedAt));
  const [row] = await tx.select().from(todos).where(where).for('update');
  if (!row) throw state === 'trashed' ? new ProblemError(404, 'No todo in the trash with this id.') : noTodo();
  return row;
}

/**
 * PATCH: the changed fields with the updatedAt they were based on (428 without, 409 when the todo
 * changed since). A todo in the trash is restored first (404 until then).
 */
export async function updateTodo(db: Db, caller: Caller, id: string, input: UpdateTodoInput): Promise<Todo> {
  const { id: bodyId, updatedAt, isCompleted, ...fields } = input;
  if (bodyId !== undefined && bodyId !== id)
    throw fieldError('id', 'The todo id does not match the address it was sent to');
  await write(db, async (tx) => {
    const current = await lock(tx, id, 'live');
    assertCurrentVersion(
      updatedAt,
      current.updatedAt,
      'This todo was changed by someone else since you opened it. Reload it to see their changes.',
    );
    const comparable = { ...current, dueTime: hoursMinutes(current.dueTime) };
    const values: Values = changedValues(comparable, fields as Partial<Row>);
    if (isCompleted !== undefined && isCompleted !== current.isCompleted)
      Object.assign(values, completion(isCompleted, caller));
    const dueOn = values.dueOn === undefined ? current.dueOn : values.dueOn;
    const dueTime = values.dueTime === undefined ? comparable.dueTime : values.dueTime;
    if (dueTime && !dueOn) throw fieldError('dueTime', 'Pick a due date for the time');
    if (Object.keys(values).length === 0) return;
    await checkReferences(tx, values);
    const [row] = await tx
      .update(todos)
      .set({ ...values, updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(todos.id, id))
      .returning();
    const next = row!;
    await audit(tx, caller, 'update', id, auditChanges(comparable, values));
    if (next.merchantId && next.merchantId !== current.merchantId) {
      await timeline(tx, caller, next.merchantId, id, 'added', next.title);
    }
    if (next.merchantId && values.isCompleted === true) {
      await timeline(tx, caller, next.merchantId, id, 'completed', next.title);
    }
  });
  return readTodo(db, id);
}

/** DELETE: a live todo goes to the trash; one already there is removed for good. */
export async function removeTodo(db: Db, caller: Caller, id: string): Promise<'trashed' | 'purged'> {
  return write(db, async (tx) => {
    const current = await lock(tx, id, 'any');
    if (current.deletedAt === null) {
      await tx
        .update(todos)
        .set({ deletedAt: caller.now, updatedAt: caller.now, updatedBy: caller.actor.userId })
        .where(eq(todos.id, id));
      await audit(tx, caller, 'delete', id, {
        deletedAt: { from: null, to: caller.now },
        title: { from: current.title },
      });
      return 'trashed';
    }
    await tx.delete(todos).where(eq(todos.id, id));
    await audit(tx, caller, 'purge', id, { title: { from: current.title }, merchantId: { from: current.merchantId } });
    return 'purged';
  });
}

/** POST /{id}/restore: back from the trash, as it was. */
export async function restoreTodo(db: Db, caller: Caller, id: string): Promise<Todo> {
  await write(db, async (tx) => {
    const current = await lock(tx, id, 'trashed');
    await tx
      .update(todos)
      .set({ deletedAt: null, updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(todos.id, id));
    await audit(tx, caller, 'restore', id, { deletedAt: { from: current.deletedAt, to: null } });
  });
  return readTodo(db, id);
}
