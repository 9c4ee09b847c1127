import type { CollisionDetection } from '@dnd-kit/core';
import { pointerWithin, rectIntersection } from '@dnd-kit/core';

/** The column under the pointer, else the column the dragged card overlaps (the pointer is in a gap). */
export const boardCollisions: CollisionDetection = (args) => {
  const underPointer = args.pointerCoordinates ? pointerWithin(args) : [];
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};
