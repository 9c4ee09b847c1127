import type { Todo, TodoCounts, TodoListResponse, UpdateTodoInput } from '@boardwalk/shared/schemas/todo';
import { api } from '../../lib/api.ts';

/** Every todo answer hangs on this one tag: any write refetches each list and count on screen with its last params. */
const TODOS = { type: 'Todo' as const, id: 'LIST' };
/** A write to a linked merchant's todo adds a line to its timeline (merchant view). */
const timelineOf = (merchantId: string | null | undefined) =>
  merchantId ? [{ type: 'Merchant' as const, id: `${merchantId}/events` }] : [];

export type TodoQueryParams = Record<string, string | number>;
export type CreateTodoArg = {
  title: string;
  dueOn?: string | null;
  dueTime?: string | null;
  merchantId?: string | null;
  assigneeId?: string | null;
  isImportant?: boolean;
  tags?: string[];
};
/** `linkedMerchantId`: the merchant the todo was linked to when read (its timeline changes too). */
export type UpdateTodoArg = UpdateTodoInput & { id: string; linkedMerchantId?: string | null };
/** A merchant the todo panel's picker offers. */
export type MerchantChoice = { id: string; name: string };

export const todoApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTodos: build.query<TodoListResponse, TodoQueryParams>({
      query: (params) => ({ url: '/api/todos', params }),
      providesTags: [TODOS],
    }),
    todoCounts: build.query<TodoCounts, TodoQueryParams>({
      query: (params) => ({ url: '/api/todos/counts', params }),
      providesTags: [TODOS],
    }),
    getTodo: build.query<Todo, string>({
      query: (id) => `/api/todos/${encodeURIComponent(id)}`,
      providesTags: [TODOS],
    }),
    createTodo: build.mutation<Todo, CreateTodoArg>({
      query: (data) => ({ url: '/api/todos', method: 'POST', body: { data } }),
      invalidatesTags: (result, error, arg) => (error ? [] : [TODOS, ...timelineOf(arg.merchantId)]),
    }),
    updateTodo: build.mutation<Todo, UpdateTodoArg>({
      query: ({ linkedMerchantId: _linked, ...todo }) => ({
        url: `/api/todos/${encodeURIComponent(todo.id)}`,
        method: 'PATCH',
        body: todo,
      }),
      invalidatesTags: (result, error, arg) =>
        error ? [] : [TODOS, ...timelineOf(arg.linkedMerchantId), ...timelineOf(result?.merchant?.id)],
    }),
    deleteTodo: build.mutation<void, string>({
      query: (id) => ({ url: `/api/todos/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [TODOS],
    }),
    restoreTodo: build.mutation<Todo, string>({
      query: (id) => ({ url: `/api/todos/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: [TODOS],
    }),
  }),
});

export const {
  useListTodosQuery,
  useTodoCountsQuery,
  useGetTodoQuery,
  useCreateTodoMutation,
  useUpdateTodoMutation,
  useDeleteTodoMutation,
  useRestoreTodoMutation,
} = todoApi;
