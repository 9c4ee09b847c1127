import { Box, List, ListItem, ListItemButton, ListItemText, ListSubheader, MenuItem, TextField } from '@mui/material';
import { TODO_VIEW_LABELS, TODO_VIEWS, type TodoCounts, type TodoView } from '@boardwalk/shared/schemas/todo';
import type { TodoScope } from './todo-url-state.ts';

type Props = {
  counts: TodoCounts | undefined;
  view: TodoView;
  tag: string;
  scope: TodoScope;
  onView: (view: TodoView) => void;
  onTag: (tag: string) => void;
  onScope: (scope: TodoScope) => void;
};

function Count({ n, alert }: { n: number | undefined; alert?: boolean }) {
  if (n === undefined) return null;
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        minWidth: 24,
        textAlign: 'right',
        color: alert && n > 0 ? 'error.main' : 'text.secondary',
        fontWeight: alert && n > 0 ? 600 : 400,
      }}
    >
      {n}
    </Box>
  );
}

/** The left column: whose todos, the views with their counts, and the tags in use. */
export function TodoSidebar({ counts, view, tag, scope, onView, onTag, onScope }: Props) {
  return (
    <Box component="nav" aria-label="Todo views" sx={{ width: { md: 240 }, flexShrink: 0 }}>
      <TextField
        select
        size="small"
        fullWidth
        label="Whose todos"
        value={scope}
        onChange={(event) => onScope(event.target.value as TodoScope)}
        sx={{ mb: 1 }}
      >
        <MenuItem value="me">Mine</MenuItem>
        <MenuItem value="all">Everyone</MenuItem>
        <MenuItem value="none">Nobody</MenuItem>
      </TextField>
      <List dense disablePadding>
        {TODO_VIEWS.map((v) => (
          <ListItem key={v} disablePadding>
            <ListItemButton
              key={v}
              selected={v === view && !tag}
              onClick={() => onView(v)}
              aria-current={v === view && !tag ? 'page' : undefined}
            >
              <ListItemText primary={TODO_VIEW_LABELS[v]} />
              <Count n={counts?.views[v]} alert={v === 'overdue'} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <List
        dense
        disablePadding
        subheader={
          <ListSubheader disableSticky sx={{ bgcolor: 'transparent' }}>
            Tags
          </ListSubheader>
        }
      >
        {counts && counts.tags.length === 0 && (
          <ListItem>
            <ListItemText secondary="No tags yet. Add tags to a todo in its details." />
          </ListItem>
        )}
        {counts?.tags.map(({ tag: name, count }) => (
          <ListItem key={name} disablePadding>
            <ListItemButton
              key={name}
              selected={name === tag}
              onClick={() => onTag(name === tag ? '' : name)}
              aria-current={name === tag ? 'page' : undefined}
            >
              <ListItemText primary={`#${name}`} />
              <Count n={count} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
