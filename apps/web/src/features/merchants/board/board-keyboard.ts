import type { CollisionDetection, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { pointerWithin, rectIntersection } from '@dnd-kit/core';

/** How far inside the next column a card lands when moved by keyboard. */
const INSET = 8;

/**
 * Keyboard dragging on the board: Left and Right move the picked-up card to the previous or next
 * stage column (dnd-kit's default moves 25 px a press, which takes many presses to cross a
 * column). Up and Down do nothing: a column has no order to change.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { droppableContainers, droppableRects, over, active } = context;
  const columns = droppableContainers
    .getEnabled()
    .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
    .filter((column) => column.rect !== undefined)
    .sort((a, b) => a.rect!.left - b.rect!.left);
  const current = over?.id ?? (active?.data.current as { stageId?: string } | undefined)?.stageId;
  const index = columns.findIndex((column) => column.id === current);
  const next = columns[index + step];
  if (index < 0 || !next?.rect) return undefined;
  return { x: next.rect.left + INSET, y: next.rect.top + INSET };
};

/** Under the pointer when there is one (mouse, touch), else the column the card overlaps (keyboard). */
export const boardCollisions: CollisionDetection = (args) => {
  const underPointer = args.pointerCoordinates ? pointerWithin(args) : [];
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};
