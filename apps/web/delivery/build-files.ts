import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { isStartStyles } from '@boardwalk/shared/start-styles';
import { START_ANSWERS } from '../src/lib/start-answers.ts';
import { FRAME_SEEDS, SIGN_IN_SEEDS, START_PAGES } from './start-pages.ts';

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): a file that starts with
 * it has every function compiled while it downloads, on a background thread, instead of each one
 * on the main thread the first time it is called (decision 066).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Where the build puts the start styles for the API (apps/api/src/middleware/static-spa.ts). */
export const START_STYLES_FILE = '.vite/start-styles.json';

/**
 * What a first load of an address imports after the entry, for the API to name in the page it
 * serves (`<link rel="modulepreload">`, decision 060), and the API answers it asks for before its
 * page shows (`<link rel="preload" as="fetch">`, decision 068, src/lib/start-answers.ts):
 * `signIn` for /login, `app` for every other address, `pages` a signed-in page's own chunks (less
 * `app`'s). Each list leaves out the entry's own chunks, which index.html names.
 */
export type StartPreloads = {
  signIn: string[];
  app: string[];
  pages: Record<string, string[]>;
  answers: { every: string[]; signedIn: string[] };
};

type Fail = (message: string) => never;

/** The chunks a first load evaluates: the entry with its static imports, and the lists above. */
function startChunks(bundle: OutputBundle, root: string, fail: Fail) {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (files: string[], into = new Set<string>()) => {
    for (const file of files.filter((f) => !into.has(f))) {
      into.add(file);
      withImports(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return fail('start preloads: the build has no entry chunk');
  const already = withImports([entry.fileName]);
  // A start module that is no longer in the build (renamed, moved) fails it: start-pages.ts names it.
  const chunkOf = (module: string) =>
    chunks.find((c) => c.moduleIds.includes(path.resolve(root, module)))?.fileName ??
    fail(`start preloads: no chunk holds ${module} (apps/web/delivery/start-pages.ts)`);
  const list = (modules: string[]) =>
    [...withImports(modules.map(chunkOf))].filter((file) => !already.has(file)).map((file) => `/${file}`);
  const app = list(FRAME_SEEDS);
  const pages = START_PAGES.filter((page) => page.preload).map((page) => [page.path, list(page.seeds)] as const);
  return {
    entry: [...already].map((file) => `/${file}`),
    preloads: {
      signIn: list(SIGN_IN_SEEDS),
      app,
      pages: Object.fromEntries(pages.map(([page, files]) => [page, files.filter((f) => !app.includes(f))])),
      answers: START_ANSWERS,
    } satisfies StartPreloads,
  };
}

/** Each of the app's source modules (path from the web root, as in Vite's manifest) → its chunk's file. */
function chunkModules(bundle: OutputBundle, root: string) {
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
}

/** Puts the compile hint at the top of a chunk; its source map's lines move down one. */
function addCompileHint(bundle: OutputBundle, chunk: OutputChunk) {
  chunk.code = COMPILE_HINT + chunk.code;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  const map = bundle[`${chunk.fileName}.map`] as OutputAsset | undefined;
  if (map && typeof map.source === 'string') {
    const json = JSON.parse(map.source) as { mappings: string };
    json.mappings = `;${json.mappings}`;
    map.source = JSON.stringify(json);
  }
}

/**
 * What the build writes beside the bundle, from the finished bundle:
 * - dist/.vite/start-preloads.json, which the API names in the pages it serves (above);
 * - dist/.vite/start-styles.json, a copy of start-styles.json beside this file (a committed
 *   source, recorded by scripts/record-start-styles.ts; decisions 067 and 080), which the API puts
 *   into signed-in pages. A file that could not go into a page fails the build;
 * - dist/.vite/chunk-modules.json: the chunk of each app module. Vite's manifest names a module
 *   only when it is its chunk's entry; scripts/check-spa-budgets.ts needs both;
 * - the compile hint at the top of every chunk a first load runs (the entry's, the sign-in's,
 *   the frame's, /home's): most of their functions run before the first page is shown, and
 *   lazily compiled they made long main-thread tasks. Lazy pages keep V8's lazy compilation.
 */
export function buildFilesPlugin(): Plugin {
  let root = '';
  return {
    name: 'boardwalk:build-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // Last: Vite's preload helper puts its dependency list (`__vite__mapDeps`) at the top of a
    // chunk in this same hook, and the hint must be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, output) {
        const bundle = output as OutputBundle;
        const fail: Fail = (message) => this.error(message);
        const { entry, preloads } = startChunks(bundle, root, fail);
        const emit = (fileName: string, value: unknown) =>
          this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(value, null, 2)}\n` });
        emit('.vite/start-preloads.json', preloads);
        emit('.vite/chunk-modules.json', chunkModules(bundle, root));
        const styles = path.join(import.meta.dirname, 'start-styles.json');
        if (existsSync(styles)) {
          const value: unknown = JSON.parse(readFileSync(styles, 'utf8'));
          if (!isStartStyles(value)) fail(`${styles}: not ids and CSS that can go into a page`);
          emit(START_STYLES_FILE, value);
        }
        const { signIn, app, pages } = preloads;
        for (const file of new Set([...entry, ...signIn, ...app, ...Object.values(pages).flat()]))
          addCompileHint(bundle, bundle[file.slice(1)] as OutputChunk);
      },
    },
  };
}
