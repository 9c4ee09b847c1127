import type { ReactNode } from 'react';
import { useMounted } from '../hooks/use-mounted.ts';

/** The height a deferred part holds while it waits: the footer below it stays off the first screen. */
export const HELD_PLACE_STYLE = { minHeight: '100dvh' } as const;

/**
 * `children` one commit after the rest of its parent (decision 063). The first commit shows
 * `placeholder` (by default an empty block a screen high, so what sits below does not move up
 * and then back down); a transition then renders `children` in slices and commits them on their
 * own. On a cold load React commits a render in one task, with emotion inserting every new
 * style in it: /home's shell and page in one commit were one of the longest tasks of the load.
 * Splitting the frame (top bar), the page's first card and its tiles into three commits keeps
 * each task short, and the first card (the page's largest paint) no longer waits for the tiles.
 */
export function AfterFirstCommit({ children, placeholder }: { children: ReactNode; placeholder?: ReactNode }) {
  const shown = useMounted();
  if (shown) return children;
  return placeholder === undefined ? <div aria-hidden style={HELD_PLACE_STYLE} /> : placeholder;
}
