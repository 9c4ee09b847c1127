import { TODO_PRIORITY_LABELS } from '@boardwalk/shared/schemas/todo';
import { v7 as uuidv7 } from 'uuid';
import { todos } from '../../../db/schema/todos.ts';
import { defineAction, PermanentActionError, type ActionContext, type StoredConfig } from '../action.ts';
import { userLabelFor } from '../action-users.ts';

type Config = StoredConfig<'create_todo'>;
const DAY_MS = 24 * 60 * 60 * 1000;

async function assigneeOf(context: ActionContext, config: Config) {
  const userId = config.assignTo === 'user' ? config.userId! : context.merchant.assignedUserId;
  if (!userId) throw new PermanentActionError(`${context.merchant.dbaName} has no assigned user to give the todo to`);
  const name = await userLabelFor(context, userId);
  if (!name) throw new PermanentActionError('The todo’s user is suspended or no longer exists');
  return { userId, name };
}

const dueOn = (config: Config, now: Date) =>
  config.dueInDays === undefined
    ? null
    : new Date(now.getTime() + config.dueInDays * DAY_MS).toISOString().slice(0, 10);

/** A todo about the merchant, for its assigned user or a chosen one. */
export const createTodoAction = defineAction({
  type: 'create_todo',
  effects: 'database',
  describe: async (context, config) => {
    try {
      const assignee = await assigneeOf(context, config);
      const due = dueOn(config, context.now);
      return {
        ok: true,
        summary: `Would create the todo “${config.title}” for ${assignee.name}${due ? `, due ${due}` : ''}`,
        details: {
          title: config.title,
          assigneeId: assignee.userId,
          assignee: assignee.name,
          dueOn: due,
          priority: TODO_PRIORITY_LABELS[config.priority ?? 'normal'],
        },
      };
    } catch (error) {
      return { ok: false, summary: (error as Error).message, details: {} };
    }
  },
  run: async (context, config) => {
    const assignee = await assigneeOf(context, config);
    const values = {
      title: config.title,
      description: config.description ?? '',
      assigneeId: assignee.userId,
      merchantId: context.merchant.id,
      priority: config.priority ?? 'normal',
      dueOn: dueOn(config, context.now),
      createdAt: context.now,
      updatedAt: context.now,
    } satisfies typeof todos.$inferInsert;
    if (context.insertWithBatch) {
      // In a batch, the todos of all its jobs go in one statement (decision 121).
      const id = uuidv7();
      context.insertWithBatch(todos, { id, ...values });
      return { todoId: id, assigneeId: assignee.userId };
    }
    const [row] = await context.db.insert(todos).values(values).returning({ id: todos.id });
    return { todoId: row!.id, assigneeId: assignee.userId };
  },
});
