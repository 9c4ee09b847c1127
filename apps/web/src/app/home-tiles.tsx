import { lazy } from 'react';
import { HomePage as DeskPage, type HomeTileEntry } from '../features/home/home-page.tsx';
import { MY_TODOS_TILE_MIN_HEIGHT } from '../features/todos/home/my-todos-tile-height.ts';

// Its own chunk (RTK Query's todo endpoints). Requested as soon as /home's code runs, while the
// page waits for the session and renders, rather than after that first render (a waterfall).
const myTodosTile = import('../features/todos/home/my-todos-tile.tsx');
const MyTodosTile = lazy(() => myTodosTile.then(({ MyTodosTile }) => ({ default: MyTodosTile })));

/**
 * Tiles of other features shown at the top of /home, in this order. Features do not import each
 * other, so the shell hands them to the page: add a feature's tile with one import and one entry,
 * e.g. `{ key: 'todos', Tile: MyTodosTile, minHeight: … }` from features/todos/home/, with the
 * height the tile keeps whatever its answer.
 */
export const homeTiles: readonly HomeTileEntry[] = [
  { key: 'todos', Tile: MyTodosTile, minHeight: MY_TODOS_TILE_MIN_HEIGHT },
];

/** /home: the desk with the tiles above. */
export function HomePage() {
  return <DeskPage leadingTiles={homeTiles} />;
}
