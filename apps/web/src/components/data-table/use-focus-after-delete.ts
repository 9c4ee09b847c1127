import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { GridApi, GridValidRowModel } from '@mui/x-data-grid';

type Pending = { id: string; index: number };

/** About half a second at 60 frames a second: longer than the dialog's exit. */
const FRAMES_TO_KEEP = 30;

const isLost = (active: Element | null) => !active || active === document.body || !active.isConnected;

/**
 * Where the keyboard focus goes after a row is deleted: its delete button is gone,
 * so without this the focus falls to the page's body. Once the list no longer holds the row,
 * the row that took its place (or the new last one) gets the focus, on its first cell; an emptied
 * list focuses its first column header, so the user is still in the list.
 */
export function useFocusAfterDelete<R extends GridValidRowModel>(
  apiRef: RefObject<GridApi | null>,
  rows: readonly R[] | undefined,
  getId: (row: R) => string,
) {
  const pending = useRef<Pending | undefined>(undefined);
  const frame = useRef(0);

  const deleted = useCallback(
    (id: string) => {
      const index = rows?.findIndex((row) => getId(row) === id) ?? -1;
      pending.current = { id, index: Math.max(index, 0) };
    },
    [rows, getId],
  );

  useEffect(() => {
    const target = pending.current;
    const api = apiRef.current;
    if (!target || !rows || !api || rows.some((row) => getId(row) === target.id)) return;
    pending.current = undefined;
    const field = api.getVisibleColumns()[0]?.field;
    if (!field) return;
    const next = rows[Math.min(target.index, rows.length - 1)];
    const focusTarget = () => {
      if (next) {
        const id = getId(next);
        api.setCellFocus(id, field);
        api.getCellElement(id, field)?.focus();
      } else {
        api.setColumnHeaderFocus(field);
        api.getColumnHeaderElement(field)?.focus();
      }
    };
    // The grid renders the new rows in its own effects, and the confirmation dialog hands the
    // focus back to the deleted row's (now detached) button as it closes: so for a few frames,
    // whenever the focus has fallen to the page's body, it is put on the target again. A focus
    // the user moved elsewhere is left alone.
    let frames = 0;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(function keep() {
      if (frames === 0 || isLost(document.activeElement)) focusTarget();
      if (++frames < FRAMES_TO_KEEP) frame.current = requestAnimationFrame(keep);
    });
  }, [apiRef, rows, getId]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  return deleted;
}
