import { Box, Checkbox, Chip, ListItem, ListItemButton, Stack, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import type { Todo } from '@boardwalk/shared/schemas/todo';
import { statusTextColour } from '../../lib/theme/accessible-colours.ts';
import { dueLabel, isOverdue } from './todo-dates.ts';

type Props = {
  todo: Todo;
  now: { today: string; time: string };
  active: boolean;
  buttonRef: (element: HTMLDivElement | null) => void;
  onOpen: () => void;
  onToggle: () => void;
  onFocus: () => void;
};

/**
 * One todo in the list: its checkbox (complete / reopen), and a button with its title, due day,
 * tags and merchant that opens the drawer, named by what it shows (no aria-label that leaves part
 * of the visible text out). Only the active row is in the tab order (the list's arrow keys move
 * between rows); Space on a row completes it, Enter opens it.
 */
export function TodoItem({ todo, now, active, buttonRef, onOpen, onToggle, onFocus }: Props) {
  const overdue = isOverdue(todo, now);
  const due = dueLabel(todo, now.today);
  return (
    <ListItem disablePadding divider>
      <Checkbox
        edge="start"
        checked={todo.isCompleted}
        disabled={todo.deletedAt !== null}
        onChange={onToggle}
        tabIndex={-1}
        slotProps={{ input: { 'aria-label': `${todo.isCompleted ? 'Reopen' : 'Complete'} “${todo.title}”` } }}
        sx={{ ml: 0.5 }}
      />
      <ListItemButton
        ref={buttonRef}
        tabIndex={active ? 0 : -1}
        onClick={onOpen}
        onFocus={onFocus}
        aria-keyshortcuts="Space Enter Delete"
        sx={{ py: 1 }}
      >
        <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.25}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {todo.isImportant && <StarIcon fontSize="small" color="warning" titleAccess="Important" />}
            <Typography
              noWrap
              sx={{
                textDecoration: todo.isCompleted ? 'line-through' : 'none',
                color: todo.isCompleted ? 'text.secondary' : 'text.primary',
              }}
            >
              {todo.title}
            </Typography>
            {todo.priority === 'high' && <Chip size="small" label="High" color="error" variant="outlined" />}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}>
            {due && (
              <Typography
                variant="body2"
                sx={{
                  color: (theme) => (overdue ? statusTextColour(theme, 'error') : theme.palette.text.secondary),
                  fontWeight: overdue ? 600 : 400,
                }}
              >
                {overdue ? `Overdue · ${due}` : due}
              </Typography>
            )}
            {todo.merchant && <Typography variant="body2">{todo.merchant.name}</Typography>}
            {todo.assignee && <Typography variant="body2">{todo.assignee.name}</Typography>}
            {todo.tags.map((tag) => (
              <Box key={tag} component="span" sx={{ typography: 'body2' }}>
                #{tag}
              </Box>
            ))}
          </Stack>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}
