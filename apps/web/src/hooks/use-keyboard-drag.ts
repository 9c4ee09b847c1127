import { useState, type KeyboardEvent } from 'react';

/** Which arrow keys move a lifted item: Up/Down in a list, Left/Right across columns. */
export type DragAxis = 'vertical' | 'horizontal';

export type KeyboardDragOptions<Item, Place> = {
  axis: DragAxis;
  /** The item's identity: one item is lifted at a time. */
  idOf: (item: Item) => string;
  /** Where a lifted item starts. */
  start: (item: Item) => Place;
  /** The place one step back (-1) or on (1) from `place`; undefined where there is none. */
  step: (item: Item, place: Place, by: -1 | 1) => Place | undefined;
  /** Space or Enter put the item down at `place` (the caller saves it, or not when unchanged). */
  drop: (item: Item, place: Place) => void;
  /** Sentences for the live region. */
  say: {
    lifted: (item: Item, place: Place) => string;
    moved: (item: Item, place: Place) => string;
    dropped: (item: Item, place: Place) => string;
    cancelled: (item: Item) => string;
  };
  announce: (message: string) => void;
};

export type KeyboardDrag<Item, Place> = {
  /** The item lifted by the keyboard and where it is now; undefined when none is. */
  lifted: { item: Item; place: Place } | undefined;
  /** The keydown handler of an item's drag handle. */
  onHandleKeyDown: (item: Item) => (event: KeyboardEvent) => void;
  /** Puts a lifted item back where it was (Escape, or the handle lost the focus). */
  cancel: () => void;
};

const LIFT_KEYS = [' ', 'Enter'];
const STEP_KEYS: Record<DragAxis, Record<string, -1 | 1>> = {
  vertical: { ArrowUp: -1, ArrowDown: 1 },
  horizontal: { ArrowLeft: -1, ArrowRight: 1 },
};

/**
 * Dragging with the keyboard on a drag handle (ADR 021): Space or Enter lifts the item, each arrow
 * of the axis moves it one place at once, Space or Enter drops it and Escape puts it back, each
 * step said in the caller's live region. Every key acts on state, so a quick Space, arrow, Space
 * lands where it was meant to: dnd-kit's keyboard sensor ignored keys until a timer after the
 * lift and, near the window's middle, scrolled the page instead of moving the item. dnd-kit keeps
 * the pointer drag only.
 */
export function useKeyboardDrag<Item, Place>(options: KeyboardDragOptions<Item, Place>): KeyboardDrag<Item, Place> {
  const { axis, idOf, start, step, drop, say, announce } = options;
  const [lifted, setLifted] = useState<{ item: Item; place: Place }>();

  const cancel = () => {
    if (!lifted) return;
    setLifted(undefined);
    announce(say.cancelled(lifted.item));
  };

  const onHandleKeyDown = (item: Item) => (event: KeyboardEvent) => {
    if (!lifted || idOf(lifted.item) !== idOf(item)) {
      if (!LIFT_KEYS.includes(event.key)) return;
      event.preventDefault();
      const place = start(item);
      setLifted({ item, place });
      announce(say.lifted(item, place));
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
      announce(say.dropped(lifted.item, lifted.place));
      drop(lifted.item, lifted.place);
      return;
    }
    const by = STEP_KEYS[axis][event.key];
    if (by === undefined) return;
    event.preventDefault();
    const place = step(lifted.item, lifted.place, by);
    if (place === undefined) return;
    setLifted({ item: lifted.item, place });
    announce(say.moved(lifted.item, place));
    const handle = event.currentTarget;
    requestAnimationFrame(() => handle.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }));
  };

  return { lifted, onHandleKeyDown, cancel };
}
