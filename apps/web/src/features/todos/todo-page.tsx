import { useEffect, useState } from 'react';
import { Alert, Box, Button, Paper, Skeleton, Stack, TablePagination, Typography } from '@mui/material';
import { TODO_VIEW_LABELS, type Todo } from '@boardwalk/shared/schemas/todo';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { QuickSearch } from '../../components/data-table/quick-search.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import {
  useDeleteTodoMutation,
  useListTodosQuery,
  useTodoCountsQuery,
  useUpdateTodoMutation,
  type CreateTodoArg,
} from '../../entities/todos/api.ts';
import { calendarNow } from './todo-dates.ts';
import { TodoDrawer } from './todo-drawer.tsx';
import { TODO_EMPTY_TEXT, TODO_FILTERED_EMPTY_TEXT } from './todo-empty.ts';
import { TodoList } from './todo-list.tsx';
import { TodoQuickAdd } from './todo-quick-add.tsx';
import { TodoSidebar } from './todo-sidebar.tsx';
import { useTodoUrlState, type TodoScope } from './todo-url-state.ts';

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** What a todo added inline gets in the view on screen, and the words that say so. */
function quickAddDefaults(
  view: string,
  tag: string,
  scope: TodoScope,
  today: string,
): [Omit<CreateTodoArg, 'title'>, string] {
  const defaults: Omit<CreateTodoArg, 'title'> = {};
  const said: string[] = [];
  if (view === 'today' || view === 'overdue') {
    defaults.dueOn = today;
    said.push('due today');
  } else if (view === 'upcoming') {
    defaults.dueOn = nextDay(today);
    said.push('due tomorrow');
  }
  if (view === 'important') {
    defaults.isImportant = true;
    said.push('marked important');
  }
  if (tag) {
    defaults.tags = [tag];
    said.push(`tagged #${tag}`);
  }
  if (scope === 'none') {
    defaults.assigneeId = null;
    said.push('for nobody yet');
  } else said.push('assigned to you');
  return [defaults, said.join(', ')];
}

/**
 * /todo: the views and tags on the left with their counts, the todos of the chosen
 * view in the middle (add with Enter, complete with a click or Space, arrows to move), and the
 * detail drawer. Every write refetches the list and the counts with their last params.
 */
export function TodoPage() {
  const s = useTodoUrlState();
  const now = calendarNow(new Date(), s.tz);
  const list = useListTodosQuery(s.queryParams);
  const counts = useTodoCountsQuery(s.countParams);
  const [updateTodo] = useUpdateTodoMutation();
  const [deleteTodo] = useDeleteTodoMutation();
  const [purge, setPurge] = useState<Todo>();
  const total = list.data?.total;
  const { fitPage } = s;
  useEffect(() => {
    if (total !== undefined) fitPage(total);
  }, [total, fitPage]);

  const toggle = async (todo: Todo) => {
    try {
      await updateTodo({
        id: todo.id,
        isCompleted: !todo.isCompleted,
        updatedAt: todo.updatedAt,
        linkedMerchantId: todo.merchant?.id,
      }).unwrap();
      notifySuccess(todo.isCompleted ? `Reopened “${todo.title}”` : `Completed “${todo.title}”`);
    } catch (failure) {
      notifyError(errorMessage(failure));
    }
  };
  const remove = async (todo: Todo) => {
    if (todo.deletedAt !== null) {
      setPurge(todo);
      return;
    }
    try {
      await deleteTodo(todo.id).unwrap();
      notifySuccess(`Moved “${todo.title}” to the trash`);
    } catch (failure) {
      notifyError(errorMessage(failure));
    }
  };

  const [defaults, hint] = quickAddDefaults(s.view, s.tag, s.scope, now.today);
  const todos = list.data?.todos ?? [];
  const filtered = s.state.q !== '' || s.tag !== '';
  const heading = s.tag ? `#${s.tag}` : TODO_VIEW_LABELS[s.view];

  return (
    <Box>
      <PageHeader title="Todo" subtitle={`${heading}${total === undefined ? '' : ` · ${total}`}`} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <TodoSidebar
          counts={counts.data}
          view={s.view}
          tag={s.tag}
          scope={s.scope}
          onView={(view) => {
            s.setTag('');
            s.setView(view);
          }}
          onTag={s.setTag}
          onScope={s.setScope}
        />
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 2, width: '100%' }}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Box sx={{ flex: 1 }}>
                {s.view === 'completed' || s.view === 'trash' ? (
                  <Typography color="text.secondary" sx={{ pt: 1 }}>
                    {s.view === 'trash'
                      ? 'Restore a todo or delete it for good from its details.'
                      : 'Todos completed, newest first.'}
                  </Typography>
                ) : (
                  <TodoQuickAdd defaults={defaults} hint={hint} />
                )}
              </Box>
              <QuickSearch label="Search todos" value={s.state.q} onChange={s.setQuery} />
            </Stack>
            {list.error ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                    Retry
                  </Button>
                }
              >
                {errorMessage(list.error, 'The todos could not be loaded.')}
              </Alert>
            ) : list.isLoading ? (
              <Stack spacing={1} aria-label="Loading todos">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} variant="rounded" height={48} />
                ))}
              </Stack>
            ) : todos.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {filtered ? TODO_FILTERED_EMPTY_TEXT : TODO_EMPTY_TEXT[s.view]}
              </Typography>
            ) : (
              <>
                <TodoList
                  todos={todos}
                  now={now}
                  label={`${heading} todos`}
                  onOpen={(todo) => s.setOpenId(todo.id)}
                  onToggle={(todo) => void toggle(todo)}
                  onDelete={(todo) => void remove(todo)}
                />
                <Typography variant="body2" color="text.secondary">
                  ↑ ↓ move · Space completes · Enter opens · Delete moves to the trash
                </Typography>
              </>
            )}
            {total !== undefined && total > s.state.pageSize && (
              <TablePagination
                component="div"
                count={total}
                page={s.state.page}
                rowsPerPage={s.state.pageSize}
                rowsPerPageOptions={[s.state.pageSize]}
                onPageChange={(_e, page) => s.setPage(page)}
              />
            )}
          </Stack>
        </Paper>
      </Stack>
      {s.openId && (
        <TodoDrawer
          id={s.openId}
          tagOptions={counts.data?.tags.map((t) => t.tag) ?? []}
          onClose={() => s.setOpenId(null)}
        />
      )}
      <ConfirmDialog
        open={purge !== undefined}
        title="Delete this todo for good?"
        message="It cannot be restored afterwards. The audit log keeps its title."
        confirmLabel="Delete for good"
        destructive
        onConfirm={() => {
          const todo = purge;
          setPurge(undefined);
          if (todo)
            void deleteTodo(todo.id)
              .unwrap()
              .then(
                () => notifySuccess('Todo deleted for good'),
                (e: unknown) => notifyError(errorMessage(e)),
              );
        }}
        onClose={() => setPurge(undefined)}
      />
    </Box>
  );
}
