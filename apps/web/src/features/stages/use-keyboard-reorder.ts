import { useState, type KeyboardEvent } from 'react';
import { moveId } from './stage-order.ts';

type Lifted = { id: string; order: string[] };

export type KeyboardReorder = {
  /** The order to show while a stage is lifted; undefined otherwise. */
  order: string[] | undefined;
  liftedId: string | undefined;
  /** The keydown handler of a stage's drag handle. */
  onHandleKeyDown: (id: string) => (event: KeyboardEvent) => void;
  /** Puts a lifted stage back where it was (the handle lost the focus). */
  cancel: () => void;
};

const LIFT_KEYS = [' ', 'Enter'];

/**
 * Reordering with the keyboard on a drag handle: Space (or Enter) lifts the stage, each arrow
 * moves it one place at once, Space drops it and Escape puts it back. Every key acts on the order
 * in state, so a quick Space, arrow, Space lands where it was meant to: dnd-kit's keyboard
 * sensor ignored keys until a timer after the lift and, near the window's middle, scrolled the
 * page instead of moving the stage, whose new place counted only once that scroll was seen.
 */
export function useKeyboardReorder(
  ids: readonly string[],
  nameOf: (id: string) => string,
  onDrop: (ids: string[]) => void,
  announce: (message: string) => void,
): KeyboardReorder {
  const [lifted, setLifted] = useState<Lifted>();
  // Stages added or removed while one is lifted: gone ones are left out, new ones go last.
  const current = lifted && [
    ...lifted.order.filter((id) => ids.includes(id)),
    ...ids.filter((id) => !lifted.order.includes(id)),
  ];
  const place = (order: readonly string[], id: string) => `position ${order.indexOf(id) + 1} of ${order.length}`;

  const cancel = () => {
    if (!lifted) return;
    setLifted(undefined);
    announce(`Reordering cancelled; ${nameOf(lifted.id)} is back in place.`);
  };

  const onHandleKeyDown = (id: string) => (event: KeyboardEvent) => {
    if (!lifted || !current || lifted.id !== id) {
      if (!LIFT_KEYS.includes(event.key)) return;
      event.preventDefault();
      setLifted({ id, order: [...ids] });
      announce(`Picked up ${nameOf(id)}, at ${place(ids, id)}. Arrow keys move it, Space drops it, Escape cancels.`);
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
      return;
    }
    if (LIFT_KEYS.includes(event.key)) {
      event.preventDefault();
      setLifted(undefined);
      announce(`${nameOf(id)} dropped at ${place(current, id)}.`);
      if (current.some((other, index) => other !== ids[index])) onDrop(current);
      return;
    }
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const from = current.indexOf(id);
    const order = moveId(current, from, from + step);
    setLifted({ id, order });
    announce(`${nameOf(id)} is at ${place(order, id)}.`);
    const handle = event.currentTarget;
    requestAnimationFrame(() => handle.scrollIntoView?.({ block: 'nearest' }));
  };

  return { order: current, liftedId: lifted?.id, onHandleKeyDown, cancel };
}
