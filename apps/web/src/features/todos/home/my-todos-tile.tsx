import { memo, useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { errorMessage } from '../../../lib/problem.ts';
import { useListTodosQuery, useTodoCountsQuery } from '../../../entities/todos/api.ts';
import { userTimeZone, calendarNow, dueLabel } from '../todo-dates.ts';
import { MY_TODOS_TILE_MIN_HEIGHT } from './my-todos-tile-height.ts';

/** How many of the due todos the tile lists by name. */
const SHOWN = 5;

function Figure({ label, n, to, alert }: { label: string; n: number; to: string; alert?: boolean }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" color="inherit">
      <Typography
        variant="h4"
        component="span"
        sx={{ color: alert && n > 0 ? 'error.main' : 'text.primary', display: 'block' }}
      >
        {n}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Link>
  );
}

/**
 * Home tile: the signed-in user's todos due today and overdue, counted on their
 * own calendar day, the first few by name, each figure linking to its view on /todo. Memoised
 * (it has no props): /home re-renders at the default priority when the desk's answer arrives,
 * and this tile need not render again in that task (decision 063).
 */
export const MyTodosTile = memo(function MyTodosTile() {
  const tz = userTimeZone();
  const counts = useTodoCountsQuery({ assignee: 'me', tz });
  const overdue = useListTodosQuery({ assignee: 'me', tz, view: 'overdue', pageSize: SHOWN });
  const today = useListTodosQuery({ assignee: 'me', tz, view: 'today', pageSize: SHOWN });
  // The answers are rendered at transition priority, in slices: each arrives through the store's
  // synchronous subscription, and rendering the figures and rows (with their dates, the first
  // use of the zone's data) in that same task made one of the long tasks of /home's first load
  // (decision 058). The skeleton stays until the deferred render is ready.
  const countsData = useDeferredValue(counts.data);
  const overdueData = useDeferredValue(overdue.data);
  const todayData = useDeferredValue(today.data);
  const now = calendarNow(new Date(), tz);
  const due = [...(overdueData?.todos ?? []), ...(todayData?.todos ?? [])]
    .filter((todo, i, all) => all.findIndex((t) => t.id === todo.id) === i)
    .slice(0, SHOWN);
  const loading =
    counts.isLoading ||
    overdue.isLoading ||
    today.isLoading ||
    countsData !== counts.data ||
    overdueData !== overdue.data ||
    todayData !== today.data;
  const error = counts.error ?? overdue.error ?? today.error;

  return (
    <Card component="section" aria-labelledby="my-todos-title" sx={{ minHeight: MY_TODOS_TILE_MIN_HEIGHT }}>
      <CardHeader
        title="My todos"
        slotProps={{ title: { id: 'my-todos-title', component: 'h2', variant: 'h6' } }}
        action={
          <Button component={RouterLink} to="/todo" size="small">
            Open Todo
          </Button>
        }
      />
      <CardContent>
        {error ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  void counts.refetch();
                  void overdue.refetch();
                  void today.refetch();
                }}
              >
                Retry
              </Button>
            }
          >
            {errorMessage(error, 'Your todos could not be loaded.')}
          </Alert>
        ) : loading || !countsData ? (
          // A status, as the desk's skeletons are: a name on a plain div is an ARIA error (axe's
          // aria-prohibited-attr, seen once the answers were deferred and the skeleton stayed longer).
          <Stack spacing={1} role="status" aria-label="Loading your todos">
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={4}>
              <Figure label="Due today" n={countsData.views.today} to="/todo?view=today" />
              <Figure label="Overdue" n={countsData.views.overdue} to="/todo?view=overdue" alert />
            </Stack>
            {due.length === 0 ? (
              <Typography color="text.secondary">
                Nothing due today and nothing overdue.{' '}
                <Link component={RouterLink} to="/todo?view=today">
                  Add a todo for today
                </Link>
                .
              </Typography>
            ) : (
              <List dense disablePadding aria-label="My todos due today and overdue">
                {due.map((todo) => (
                  <ListItem key={todo.id} disablePadding>
                    <ListItemText
                      // One line each, so five todos always fit the tile's reserved height.
                      slotProps={{ primary: { noWrap: true } }}
                      primary={
                        <Link
                          component={RouterLink}
                          to={`/todo?view=${todo.dueOn && todo.dueOn < now.today ? 'overdue' : 'today'}&todo=${todo.id}`}
                        >
                          {todo.title}
                        </Link>
                      }
                      secondary={<Box component="span">{dueLabel(todo, now.today)}</Box>}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
});
