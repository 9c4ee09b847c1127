import path from 'node:path';
import type { Plugin } from 'vite';
import { jsonAssetPlugin } from './json-asset.ts';

/**
 * Writes dist/.vite/chunk-modules.json: each of the app's own source modules (path from the
 * web root, as in Vite's manifest) → the file of the chunk that holds it. Vite's manifest names
 * a module only when it is its chunk's entry; a module that a code-splitting group puts into a
 * shared chunk (vite.config.ts) is listed only here, and scripts/check-spa-budgets.ts needs both
 * to find what a page loads.
 */
export function chunkModulesPlugin(): Plugin {
  return jsonAssetPlugin('boardwalk-chunk-modules', '.vite/chunk-modules.json', ({ bundle, root }) => {
    const modules: Record<string, string> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const id of Object.keys(chunk.modules)) {
        if (id.includes('node_modules') || !path.isAbsolute(id)) continue;
        const relative = path.relative(root, id).split(path.sep).join('/');
        if (!relative.startsWith('..')) modules[relative] = chunk.fileName;
      }
    }
    return Object.fromEntries(Object.entries(modules).sort(([a], [b]) => a.localeCompare(b)));
  });
}
