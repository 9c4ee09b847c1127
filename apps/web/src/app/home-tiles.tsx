import { lazy } from 'react';
import { HomePage as DeskPage, type HomeTileEntry } from '../features/home/home-page.tsx';

// Its own chunk (RTK Query's todo endpoints), fetched beside the desk's data, not before it.
const MyTodosTile = lazy(() =>
  import('../features/todos/home/my-todos-tile.tsx').then(({ MyTodosTile }) => ({ default: MyTodosTile })),
);

/**
 * Tiles of other features shown at the top of /home, in this order. Features do not import each
 * other, so the shell hands them to the page: add a feature's tile with one import and one entry,
 * e.g. `{ key: 'todos', Tile: MyTodosTile }` from features/todos/home/.
 */
export const homeTiles: readonly HomeTileEntry[] = [{ key: 'todos', Tile: MyTodosTile }];

/** /home: the desk with the tiles above. */
export function HomePage() {
  return <DeskPage leadingTiles={homeTiles} />;
}
