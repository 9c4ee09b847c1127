import type { KeyboardEvent } from 'react';

/**
 * The stage list's keyboard model (as the DataGrid lists have it): each row is one
 * Tab stop; the arrow keys move the focus between its controls (Left, Right, Home, End) and to
 * the row above or below (Up, Down, onto the same control where the row has it). A lifted drag
 * handle keeps Up and Down to move its stage (decision 021): its handler marks them handled.
 */

export const ROW_CONTROLS = ['handle', 'up', 'down', 'default', 'actions', 'edit', 'delete'] as const;
export type RowControl = (typeof ROW_CONTROLS)[number];

/** The attribute that names a row's control; the row element carries ROW. */
export const ROW_CONTROL = 'data-row-control';
const ROW = '[data-stage-row]';

/** The controls a row shows and that can take the focus, in order. */
export function rowControls(shown: Record<RowControl, boolean>): RowControl[] {
  return ROW_CONTROLS.filter((name) => shown[name]);
}

const controlsIn = (row: Element) =>
  [...row.querySelectorAll<HTMLElement>(`[${ROW_CONTROL}]`)].filter((element) => !element.matches(':disabled'));

const STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowLeft: (at) => Math.max(at - 1, 0),
  ArrowRight: (at, last) => Math.min(at + 1, last),
  Home: () => 0,
  End: (_at, last) => last,
};

/** The keydown handler of a list of rows: moves the focus as the module comment says. */
export function onRowsKeyDown(event: KeyboardEvent<HTMLElement>) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target as HTMLElement;
  const row = target.closest(ROW);
  if (!row || !target.hasAttribute(ROW_CONTROL)) return;
  const controls = controlsIn(row);
  const at = controls.indexOf(target);
  const step = STEPS[event.key];
  if (step) {
    event.preventDefault();
    controls[step(at, controls.length - 1)]?.focus();
    return;
  }
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  event.preventDefault();
  const rows = [...event.currentTarget.querySelectorAll(ROW)];
  const next = rows[rows.indexOf(row) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  const there = controlsIn(next);
  const same = there.find((element) => element.getAttribute(ROW_CONTROL) === target.getAttribute(ROW_CONTROL));
  (same ?? there[Math.min(at, there.length - 1)])?.focus();
}
