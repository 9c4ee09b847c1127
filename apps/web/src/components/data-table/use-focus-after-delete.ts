import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { GridApi, GridValidRowModel } from '@mui/x-data-grid';

type Pending = { id: string; index: number };

/**
 * Where the keyboard focus goes after a row is deleted (issue 8 §3): its delete button is gone,
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
    // The grid renders the new rows in its own effects: focus on the next frame, when the cell exists.
    requestAnimationFrame(() => {
      if (next) {
        const id = getId(next);
        api.setCellFocus(id, field);
        api.getCellElement(id, field)?.focus();
      } else {
        api.setColumnHeaderFocus(field);
        api.getColumnHeaderElement(field)?.focus();
      }
    });
  }, [apiRef, rows, getId]);

  return deleted;
}
