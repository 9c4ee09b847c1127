import type { Plugin } from 'vite';
import { applyEntryPlugin } from './apply-entry.ts';
import { buildFilesPlugin } from './build-files.ts';
import { gridLazySlotsPlugin } from './grid-lazy-slots.ts';
import { precompressPlugin } from './precompress.ts';

export { CHUNK_GROUPS } from './chunk-groups.ts';

/**
 * How the built app is delivered, in one folder (decision 080): which files the code goes into
 * (chunk-groups.ts, from the pages of start-pages.ts), the grid's lazy slots, what the build
 * writes for the API and the budget check under dist/.vite/ (start preloads, start styles, the
 * module → chunk map), the compile hint at the top of the first load's chunks, and a brotli and
 * gzip copy of every text file. The budgets of start-pages.ts are checked by
 * scripts/check-spa-budgets.ts; the API serves what is written here (static-spa.ts).
 */
export function deliveryPlugins(): Plugin[] {
  return [gridLazySlotsPlugin(), buildFilesPlugin(), applyEntryPlugin(), precompressPlugin()];
}
