import type { TodoCounts, TodoCountsQuery, TodoListQuery, TodoView } from '@boardwalk/shared/schemas/todo';
import { TODO_VIEWS } from '@boardwalk/shared/schemas/todo';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { todos } from '../../db/schema/todos.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { likePattern } from '../../lib/db/like-pattern.ts';
import { calendarNow, type CalendarNow } from './todo-calendar.ts';
import { selectTodos, toTodo } from './todo-row.ts';

const t = todos;

/** Live and not completed: what every view but completed and trash shows. */
const open = sql`${t.deletedAt} is null and not ${t.isCompleted}`;

/** The condition of a view (decision 029), with "today" and "now" on the caller's calendar. */
export function viewCondition(view: TodoView, now: CalendarNow): SQL {
  const today = sql`${now.today}::date`;
  switch (view) {
    case 'all':
      return open;
    case 'today':
      return sql`${open} and ${t.dueOn} = ${today}`;
    case 'upcoming':
      return sql`${open} and ${t.dueOn} > ${today}`;
    case 'overdue':
      return sql`${open} and (${t.dueOn} < ${today} or (${t.dueOn} = ${today} and ${t.dueTime} < ${now.time}::time))`;
    case 'important':
      return sql`${open} and ${t.isImportant}`;
    case 'completed':
      return sql`${t.deletedAt} is null and ${t.isCompleted}`;
    case 'trash':
      return sql`${t.deletedAt} is not null`;
  }
}

/** The assignee filter: a user id, `me` (the caller) or `none` (nobody). */
function assigneeCondition(assignee: string | undefined, caller: Caller): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return isNull(t.assigneeId);
  return eq(t.assigneeId, assignee === 'me' ? caller.actor.userId : assignee);
}

const SORTS = {
  dueOn: [t.dueOn, t.dueTime],
  priority: [t.priority],
  title: [sql`lower(${t.title})`],
  createdAt: [t.createdAt],
  updatedAt: [t.updatedAt],
  completedAt: [t.completedAt],
} as const;

/** The order when none is asked for: the trash and the completed newest first, the rest by due date. */
function defaultOrder(view: TodoView): SQL[] {
  if (view === 'trash') return [desc(t.deletedAt)];
  if (view === 'completed') return [desc(t.completedAt)];
  return [sql`${t.dueOn} asc nulls last`, sql`${t.dueTime} asc nulls first`, desc(t.priority), desc(t.createdAt)];
}

function orderOf(query: TodoListQuery): SQL[] {
  const keys = query.sort ? SORTS[query.sort] : [];
  const nulls = query.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return [...keys.map((k) => sql`${k} ${nulls}`), ...defaultOrder(query.view), asc(t.id)];
}

export type TodoListParams = TodoListQuery & { today: string };

/** GET /api/todos: one page of a view, filtered, with its total and the day it took as today. */
export async function listTodos(db: Db, caller: Caller, query: TodoListQuery) {
  const now = calendarNow(query.tz, caller.now);
  const q = query.q?.trim();
  const where = and(
    viewCondition(query.view, now),
    assigneeCondition(query.assignee, caller),
    query.merchantId ? eq(t.merchantId, query.merchantId) : undefined,
    query.tag ? sql`${t.tags} @> array[${query.tag}]::text[]` : undefined,
    query.important === undefined ? undefined : eq(t.isImportant, query.important),
    q ? or(ilike(t.title, likePattern(q)), ilike(t.description, likePattern(q))) : undefined,
  );
  const [rows, counted] = await Promise.all([
    selectTodos(db)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(t).where(where),
  ]);
  const params: TodoListParams = { ...query, today: now.today };
  return { todos: rows.map(toTodo), total: counted[0]?.total ?? 0, params, allData: [] };
}

/** The most tags the left column lists. */
const TAG_LIMIT = 100;

/**
 * GET /api/todos/counts: how many todos each view holds and how many open todos carry each tag,
 * for the same assignee and merchant filters as the list (q and tag do not narrow the counts).
 */
export async function countTodos(db: Db, caller: Caller, query: TodoCountsQuery): Promise<TodoCounts> {
  const now = calendarNow(query.tz, caller.now);
  const scope = and(
    assigneeCondition(query.assignee, caller),
    query.merchantId ? eq(t.merchantId, query.merchantId) : undefined,
  );
  const columns = Object.fromEntries(
    TODO_VIEWS.map((view) => [view, sql<number>`count(*) filter (where ${viewCondition(view, now)})`.mapWith(Number)]),
  ) as Record<TodoView, SQL.Aliased<number> | SQL<number>>;
  const [views] = await db
    .select(columns as Record<TodoView, SQL<number>>)
    .from(t)
    .where(scope);
  const tag = sql`tag`;
  const tags = await db
    .select({ tag: sql<string>`${tag}`, count: count() })
    .from(sql`${t} cross join lateral unnest(${t.tags}) as tag`)
    .where(and(open, scope))
    .groupBy(tag)
    .orderBy(desc(count()), asc(tag))
    .limit(TAG_LIMIT);
  return {
    views: views as Record<TodoView, number>,
    tags,
    params: {
      tz: now.tz,
      today: now.today,
      ...(query.assignee ? { assignee: query.assignee } : {}),
      ...(query.merchantId ? { merchantId: query.merchantId } : {}),
    },
  };
}
