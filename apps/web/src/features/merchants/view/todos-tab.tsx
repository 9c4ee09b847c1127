import { Link as RouterLink } from 'react-router';
import { userTimeZone } from '../../../lib/format-date.ts';
import { Alert, Button, Checkbox, Link, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import type { Todo } from '@boardwalk/shared/schemas/todo';
import { notifyError, notifySuccess } from '../../../components/form/notify.ts';
import { useListTodosQuery, useUpdateTodoMutation } from '../../../entities/todos/api.ts';
import { errorMessage } from '../../../lib/problem.ts';
import { AddMerchantTodo } from './add-merchant-todo.tsx';

/**
 * The merchant view's Todos tab: the merchant's open todos, one added here (linked
 * to the merchant, due the day chosen), completed with its box. The todos' own endpoints
 * (entities/todos), so /todo and this tab refetch each other's writes; each write also refreshes
 * the merchant's timeline, where adding and completing a todo show.
 */

export function TodosTab({ merchantId }: { merchantId: string }) {
  const tz = userTimeZone();
  const { data, isLoading, error, refetch } = useListTodosQuery({ merchantId, tz, pageSize: 100 });
  const [update] = useUpdateTodoMutation();
  const todos = data?.todos ?? [];
  const onComplete = async (todo: Todo) => {
    try {
      const { id, updatedAt, merchant } = todo;
      await update({ id, isCompleted: true, updatedAt, linkedMerchantId: merchant?.id ?? null }).unwrap();
      notifySuccess(`Completed “${todo.title}”`);
    } catch (failure) {
      notifyError(errorMessage(failure));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <AddMerchantTodo merchantId={merchantId} />
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(error, 'The todos could not be loaded.')}
          </Alert>
        ) : isLoading ? (
          <Typography color="text.secondary">Loading todos…</Typography>
        ) : todos.length === 0 ? (
          <Typography color="text.secondary">No open todos for this merchant. Add one above.</Typography>
        ) : (
          <List aria-label="Open todos of this merchant" disablePadding>
            {todos.map((todo) => (
              <ListItem key={todo.id} disablePadding divider>
                <Checkbox
                  checked={false}
                  onChange={() => void onComplete(todo)}
                  slotProps={{ input: { 'aria-label': `Complete “${todo.title}”` } }}
                />
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/todo?assignee=all&todo=${todo.id}`}>
                      {todo.title}
                    </Link>
                  }
                  secondary={[
                    todo.dueOn && `Due ${todo.dueOn}${todo.dueTime ? ` ${todo.dueTime}` : ''}`,
                    todo.assignee?.name,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
