import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { List } from '@mui/material';
import type { Todo } from '@boardwalk/shared/schemas/todo';
import { TodoItem } from './todo-item.tsx';

type Props = {
  todos: Todo[];
  now: { today: string; time: string };
  label: string;
  onOpen: (todo: Todo) => void;
  onToggle: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
};

/**
 * The todos of the view, navigable by keyboard as one widget: ↑ / ↓ (and Home / End) move
 * between rows, Space completes (or reopens) the focused todo, Enter opens it, Delete moves it to
 * the trash. Tab enters the list at the row last focused.
 */
export function TodoList({ todos, now, label, onOpen, onToggle, onDelete }: Props) {
  const [activeId, setActiveId] = useState<string | undefined>(todos[0]?.id);
  const buttons = useRef(new Map<string, HTMLDivElement>());
  const activeIndex = Math.max(
    0,
    todos.findIndex((t) => t.id === activeId),
  );
  const lastIndex = useRef(activeIndex);

  // A row that left the list (completed in a view of open todos, trashed) hands the focus on
  // to the row now in its place, so the keyboard user carries on where they were.
  useEffect(() => {
    if (todos.some((t) => t.id === activeId)) {
      lastIndex.current = todos.findIndex((t) => t.id === activeId);
      return;
    }
    const next = todos[Math.min(lastIndex.current, todos.length - 1)];
    const hadFocus = document.activeElement === document.body || document.activeElement === null;
    setActiveId(next?.id);
    if (next && hadFocus) buttons.current.get(next.id)?.focus();
  }, [todos, activeId]);

  const focusAt = (index: number) => {
    const todo = todos[Math.max(0, Math.min(index, todos.length - 1))];
    if (!todo) return;
    setActiveId(todo.id);
    buttons.current.get(todo.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const todo = todos[activeIndex];
    if (!todo) return;
    switch (event.key) {
      case 'ArrowDown':
        focusAt(activeIndex + 1);
        break;
      case 'ArrowUp':
        focusAt(activeIndex - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(todos.length - 1);
        break;
      case ' ':
        if (todo.deletedAt === null) onToggle(todo);
        break;
      case 'Delete':
        onDelete(todo);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <List
      aria-label={label}
      onKeyDown={onKeyDown}
      // A row is a (non-native) button, which clicks on Space's keyup: Space completes here, it does not open.
      onKeyUpCapture={(event) => {
        if (event.key === ' ') event.preventDefault();
      }}
      disablePadding
    >
      {todos.map((todo, index) => (
        <TodoItem
          key={todo.id}
          todo={todo}
          now={now}
          active={index === activeIndex}
          buttonRef={(element) => {
            if (element) buttons.current.set(todo.id, element);
            else buttons.current.delete(todo.id);
          }}
          onOpen={() => onOpen(todo)}
          onToggle={() => onToggle(todo)}
          onFocus={() => setActiveId(todo.id)}
        />
      ))}
    </List>
  );
}
