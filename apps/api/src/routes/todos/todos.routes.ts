import { z } from '@hono/zod-openapi';
import {
  createTodoSchema,
  todoCountsQuerySchema,
  todoCountsSchema,
  todoListQuerySchema,
  todoListSchema,
  todoSchema,
  updateTodoSchema,
} from '@boardwalk/shared/schemas/todo';
import { defineRoute } from '../../lib/http/define-route.ts';
import { idParams, jsonBody, jsonResponse, problems } from '../../lib/http/openapi.ts';

const tags = ['todos'];
const todo = (action: 'read' | 'create' | 'update' | 'delete') => ({ action, subject: 'todo' }) as const;
/**
 * A todo names its merchant (id and DBA name), and adding or completing a merchant's todo writes
 * to its timeline (docs/decisions/071).
 */
const merchant = (action: 'read' | 'update') => ({ action, subject: 'merchant' }) as const;

export const listTodosRoute = defineRoute({
  method: 'get',
  path: '/api/todos',
  tags,
  summary: 'List todos: one view (all, today, upcoming, overdue, important, completed, trash), filtered',
  description:
    'today / upcoming / overdue are days of the calendar of tz (an IANA time zone, default UTC); params ' +
    'echoes tz and the date taken as today. Every view but completed and trash holds open todos only. ' +
    'assignee takes a user id, me or none. Without sort: by due date (undated last), the trash and ' +
    'the completed newest first.',
  ability: [todo('read'), merchant('read')],
  request: { query: todoListQuerySchema },
  responses: { 200: jsonResponse('A page of todos', todoListSchema), ...problems(400, 401, 403) },
});

export const countTodosRoute = defineRoute({
  method: 'get',
  path: '/api/todos/counts',
  tags,
  summary: "The todo app's left column: how many todos each view holds, and open todos per tag",
  description: 'For the same assignee, merchantId and tz as the list; q and tag do not narrow the counts.',
  ability: [todo('read'), merchant('read')],
  request: { query: todoCountsQuerySchema },
  responses: { 200: jsonResponse('The counts', todoCountsSchema), ...problems(400, 401, 403) },
});

export const getTodoRoute = defineRoute({
  method: 'get',
  path: '/api/todos/{id}',
  tags,
  summary: 'One todo (one in the trash too)',
  ability: [todo('read'), merchant('read')],
  request: { params: idParams },
  responses: { 200: jsonResponse('The todo', todoSchema), ...problems(400, 401, 403, 404) },
});

export const createTodoRoute = defineRoute({
  method: 'post',
  path: '/api/todos',
  tags,
  summary: 'Add a todo (assigned to the caller unless assigneeId says otherwise)',
  description: 'Audited; a todo linked to a merchant adds a line to its timeline.',
  ability: [todo('create'), merchant('update')],
  request: { body: jsonBody(z.object({ data: createTodoSchema })) },
  responses: { 201: jsonResponse('The new todo', todoSchema), ...problems(400, 401, 403) },
});

export const updateTodoRoute = defineRoute({
  method: 'patch',
  path: '/api/todos/{id}',
  tags,
  summary: 'Change a todo (partial; the updatedAt last read is required). isCompleted: true completes it',
  ability: [todo('update'), merchant('update')],
  writtenElsewhere: {
    assignee: 'assigneeId',
    merchant: 'merchantId',
    completedAt: 'isCompleted',
    completedBy: 'isCompleted',
    deletedAt: 'DELETE /api/todos/{id}',
  },
  request: { params: idParams, body: jsonBody(updateTodoSchema) },
  responses: {
    200: jsonResponse('The todo', todoSchema),
    ...problems(400, 401, 403, 428),
    404: problems(404)[404],
    409: problems(409)[409],
  },
});

export const removeTodoRoute = defineRoute({
  method: 'delete',
  path: '/api/todos/{id}',
  tags,
  summary: 'Move a todo to the trash; a todo already in the trash is removed for good',
  ability: todo('delete'),
  request: { params: idParams },
  responses: { 204: { description: 'Trashed, or removed for good' }, ...problems(400, 401, 403, 404) },
});

export const restoreTodoRoute = defineRoute({
  method: 'post',
  path: '/api/todos/{id}/restore',
  tags,
  summary: 'Take a todo back out of the trash',
  ability: [todo('update'), merchant('read')],
  request: { params: idParams },
  responses: { 200: jsonResponse('The todo', todoSchema), ...problems(400, 401, 403, 404) },
});
