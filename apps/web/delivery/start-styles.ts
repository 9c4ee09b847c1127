import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { isStartStyles } from '@boardwalk/shared/start-styles';
import { jsonAssetPlugin } from './json-asset.ts';

/** Where the build puts the start styles for the API (apps/api/src/middleware/static-spa.ts). */
export const START_STYLES_FILE = '.vite/start-styles.json';

/**
 * Copies start-styles.json beside this file (a committed source: scripts/record-start-styles.ts
 * records it, decisions 067 and 080) into the build, so the API serves each build with the rules
 * taken from it. A file that could not go into a page fails
 * the build; without the file the pages carry no start styles.
 */
export function startStylesPlugin(): Plugin {
  return jsonAssetPlugin('boardwalk-start-styles', START_STYLES_FILE, ({ fail }) => {
    const source = path.join(import.meta.dirname, 'start-styles.json');
    if (!existsSync(source)) return null;
    const styles: unknown = JSON.parse(readFileSync(source, 'utf8'));
    if (!isStartStyles(styles)) return fail(`${source}: not ids and CSS that can go into a page`);
    return styles;
  });
}
