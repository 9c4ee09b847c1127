import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import { useId, useMemo, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useListUserOptionsQuery } from '../../../entities/users/api.ts';

/** A user a note mentions: the id the API stores and the name the text shows after `@`. */
export type MentionUser = { id: string; name: string };

/** Users the menu offers at once. */
const SHOWN = 6;

const nameOf = (u: UserOption) => u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The `@word` typed just before the caret (at the start or after a space), or null. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The ids of the chosen users whose `@Name` is still in the text: what the note stores. */
export function mentionsIn(text: string, chosen: readonly MentionUser[]): string[] {
  return [...new Set(chosen.filter((u) => text.includes(`@${u.name}`)).map((u) => u.id))];
}

type Typing = { start: number; query: string; caret: number; field: HTMLTextAreaElement };

/**
 * `@` autocomplete for a note's text (the focus stays in the text; ↑/↓ choose, Enter
 * or Tab inserts `@Name`, Escape closes). The users are fetched when the first `@` is typed.
 * `setText` writes the new text into the form; `onChoose` records the user for `mentionsIn`.
 */
export function useNoteMentions(setText: (text: string) => void, onChoose: (user: MentionUser) => void) {
  const [typing, setTyping] = useState<Typing | null>(null);
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const users = useListUserOptionsQuery({ status: 'active' }, { skip: !wanted });
  const matches = useMemo(() => {
    if (!typing) return [];
    const q = typing.query.toLowerCase();
    return (users.data ?? [])
      .map((u) => ({ id: u.id, name: nameOf(u) }))
      .filter((u) => u.name.toLowerCase().includes(q))
      .slice(0, SHOWN);
  }, [typing, users.data]);
  const open = typing !== null && matches.length > 0;

  const look = (event: SyntheticEvent) => {
    const field = event.target as HTMLTextAreaElement;
    if (typeof field.selectionStart !== 'number') return;
    const found = mentionQueryAt(field.value, field.selectionStart);
    if (found) setWanted(true);
    setTyping((before) => {
      if (!found) return null;
      if (!before || before.query !== found.query) setActive(0);
      return { ...found, caret: field.selectionStart, field };
    });
  };

  const choose = (user: MentionUser) => {
    if (!typing) return;
    const { field, start, caret } = typing;
    const inserted = `@${user.name} `;
    const text = field.value.slice(0, start) + inserted + field.value.slice(caret);
    setText(text);
    onChoose(user);
    setTyping(null);
    const at = start + inserted.length;
    requestAnimationFrame(() => field.setSelectionRange(at, at));
  };

  /** Runs before the field's own keys; true when it used the key. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
      event.preventDefault();
      choose(matches[active] ?? matches[0]!);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setTyping(null);
      return true;
    }
    return false;
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const fieldProps = {
    onKeyUp: (event: KeyboardEvent) => {
      if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(event.key)) look(event);
    },
    onClick: look,
    slotProps: {
      // A textarea keeps its textbox role (a combobox role is not allowed on it); the list it
      // controls and the active option are named all the same.
      htmlInput: {
        'aria-autocomplete': 'list',
        'aria-controls': open ? listId : undefined,
        'aria-activedescendant': open ? optionId(active) : undefined,
      },
    },
  };

  const menu = (
    <Popper open={open} anchorEl={typing?.field ?? null} placement="bottom-start" sx={{ zIndex: 'modal' }}>
      <Paper elevation={4}>
        <MenuList id={listId} role="listbox" aria-label="Mention a user" dense>
          {matches.map((user, index) => (
            <MenuItem
              key={user.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              selected={index === active}
              // Keeps the focus in the text while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(user)}
            >
              {user.name}
            </MenuItem>
          ))}
        </MenuList>
      </Paper>
    </Popper>
  );

  return { fieldProps, menu, onKeyDown };
}
