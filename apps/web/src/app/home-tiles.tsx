import { HomePage as DeskPage, type HomeTileEntry } from '../features/home/home-page.tsx';

/**
 * Tiles of other features shown at the top of /home, in this order. Features do not import each
 * other, so the shell hands them to the page: add a feature's tile with one import and one entry,
 * e.g. `{ key: 'todos', Tile: MyTodosTile }` from features/todos/home/.
 */
export const homeTiles: readonly HomeTileEntry[] = [];

/** /home: the desk with the tiles above. */
export function HomePage() {
  return <DeskPage leadingTiles={homeTiles} />;
}
