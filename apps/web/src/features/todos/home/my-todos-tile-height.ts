/**
 * The height the "My todos" tile of /home keeps whatever its answer (decision 049): its header,
 * the two figures and the SHOWN (5) todos of one line each. /home reserves it before the tile's
 * code arrives (app/home-tiles.tsx) and the tile keeps it while it loads and when it has fewer
 * todos, so the desk below it does not move on a phone screen.
 */
export const MY_TODOS_TILE_MIN_HEIGHT = 416;
