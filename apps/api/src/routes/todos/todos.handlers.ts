import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { countTodos, listTodos } from '../../domain/todos/todo-list.service.ts';
import { readTodo } from '../../domain/todos/todo-row.ts';
import {
  countTodosRoute,
  createTodoRoute,
  getTodoRoute,
  listTodosRoute,
  removeTodoRoute,
  restoreTodoRoute,
  updateTodoRoute,
} from './todos.routes.ts';
import { createTodo, removeTodo, restoreTodo, updateTodo } from '../../domain/todos/todos.service.ts';

/** /api/todos. The literal /counts before /{id}. */
export function registerTodoRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listTodosRoute, async (c) =>
    c.json(await listTodos(c.get('db'), callerOf(c), c.req.valid('query')), 200),
  );
  app.openapi(countTodosRoute, async (c) =>
    c.json(await countTodos(c.get('db'), callerOf(c), c.req.valid('query')), 200),
  );
  app.openapi(getTodoRoute, async (c) => c.json(await readTodo(c.get('db'), c.req.valid('param').id), 200));
  app.openapi(createTodoRoute, async (c) =>
    c.json(await createTodo(c.get('db'), callerOf(c), c.req.valid('json').data), 201),
  );
  app.openapi(updateTodoRoute, async (c) =>
    c.json(await updateTodo(c.get('db'), callerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(removeTodoRoute, async (c) => {
    await removeTodo(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(restoreTodoRoute, async (c) =>
    c.json(await restoreTodo(c.get('db'), callerOf(c), c.req.valid('param').id), 200),
  );
}
