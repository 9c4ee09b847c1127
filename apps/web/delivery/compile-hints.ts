import type { Plugin, ResolvedConfig } from 'vite';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { startChunks } from './start-preloads.ts';

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): a file that starts with
 * it has every function compiled while it downloads, on a background thread, instead of each one
 * on the main thread the first time it is called. Decision 066.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the compile hint at the top of the chunks a first load runs (the entry with its imports,
 * the sign-in's, the router and shell's, /home's: vite-start-preloads.ts's lists). Most of their
 * functions run before the first page is shown (React's renderer, MUI's styling, the store), and
 * lazily compiled they made the entry's evaluation and the first renders long main-thread tasks.
 * Lazy pages keep V8's lazy compilation: most of a page's chunk is not called at once.
 */
export function compileHintsPlugin(): Plugin {
  let root = '';
  return {
    name: 'boardwalk:compile-hints',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      root = config.root;
    },
    // Last: Vite's preload helper puts its dependency list (`__vite__mapDeps`) at the top of a
    // chunk in this same hook, and the hint must be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, output) {
        const bundle = output as OutputBundle;
        const { entry, signIn, app, pages } = startChunks({ bundle, root, fail: (message) => this.error(message) });
        const files = new Set([...entry, ...signIn, ...app, ...Object.values(pages).flat()]);
        for (const file of files) {
          const chunk = bundle[file.slice(1)] as OutputChunk;
          chunk.code = COMPILE_HINT + chunk.code;
          // The source map's lines move down one: an empty line of mappings first.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`] as OutputAsset | undefined;
          if (map && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
        }
      },
    },
  };
}
