import type { KeyboardEvent } from 'react';
import { useKeyboardDrag } from '../../hooks/use-keyboard-drag.ts';
import { moveId } from './stage-order.ts';

export type KeyboardReorder = {
  /** The order to show while a stage is lifted; undefined otherwise. */
  order: string[] | undefined;
  liftedId: string | undefined;
  /** The keydown handler of a stage's drag handle. */
  onHandleKeyDown: (id: string) => (event: KeyboardEvent) => void;
  /** Puts a lifted stage back where it was (the handle lost the focus). */
  cancel: () => void;
};

/**
 * Reordering stages with the keyboard on a drag handle (the shared useKeyboardDrag keys: Space
 * lifts, Up/Down move the stage one place at once, Space drops and saves, Escape puts it back).
 * The place is the pipeline's order being previewed.
 */
export function useKeyboardReorder(
  ids: readonly string[],
  nameOf: (id: string) => string,
  onDrop: (ids: string[]) => void,
  announce: (message: string) => void,
): KeyboardReorder {
  // Stages added or removed while one is lifted: gone ones are left out, new ones go last.
  const reconcile = (order: readonly string[]) => [
    ...order.filter((id) => ids.includes(id)),
    ...ids.filter((id) => !order.includes(id)),
  ];
  const place = (order: readonly string[], id: string) => `position ${order.indexOf(id) + 1} of ${order.length}`;
  const drag = useKeyboardDrag<string, string[]>({
    axis: 'vertical',
    idOf: (id) => id,
    start: () => [...ids],
    step: (id, order, by) => {
      const current = reconcile(order);
      const from = current.indexOf(id);
      return moveId(current, from, from + by);
    },
    drop: (_id, order) => {
      const current = reconcile(order);
      if (current.some((other, index) => other !== ids[index])) onDrop(current);
    },
    say: {
      lifted: (id, order) =>
        `Picked up ${nameOf(id)}, at ${place(order, id)}. Arrow keys move it, Space drops it, Escape cancels.`,
      moved: (id, order) => `${nameOf(id)} is at ${place(order, id)}.`,
      dropped: (id, order) => `${nameOf(id)} dropped at ${place(reconcile(order), id)}.`,
      cancelled: (id) => `Reordering cancelled; ${nameOf(id)} is back in place.`,
    },
    announce,
  });

  return {
    order: drag.lifted && reconcile(drag.lifted.place),
    liftedId: drag.lifted?.item,
    onHandleKeyDown: drag.onHandleKeyDown,
    cancel: drag.cancel,
  };
}
