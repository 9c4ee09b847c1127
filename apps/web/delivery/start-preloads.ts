import path from 'node:path';
import type { Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { START_ANSWERS } from '../src/lib/start-answers.ts';
import { jsonAssetPlugin, type JsonAssetInput } from './json-asset.ts';
import { FRAME_SEEDS, SIGN_IN_SEEDS, START_PAGES } from './start-pages.ts';

/**
 * What the first load of an address will import after the entry, for the API to name in the
 * page it serves (`<link rel="modulepreload">`, apps/api/src/middleware/static-spa.ts): the
 * browser then fetches those chunks with the entry instead of after it has run (decision 060).
 * Each list is the chunks holding the seed modules with their static imports, less the entry's
 * own (index.html names those already). Written to dist/.vite/start-preloads.json:
 *
 * - `signIn`: a first visit to /login (the light sign-in, app-start.tsx);
 * - `app`: every other address (the router, the route table and the shell, which import each
 *   other: app-start.tsx loads them for any address but /login);
 * - `pages`: a signed-in first visit to one of these addresses, the page's own chunks (less `app`'s);
 * - `answers`: the API answers a first load asks for before its page shows (src/lib/start-answers.ts),
 *   `every` page's and a `signedIn` one's, for `<link rel="preload" as="fetch">` (decision 068).
 */
const SEEDS = {
  signIn: SIGN_IN_SEEDS,
  app: FRAME_SEEDS,
  pages: Object.fromEntries(START_PAGES.filter((page) => page.preload).map((page) => [page.path, page.seeds])),
};

export type StartPreloads = {
  signIn: string[];
  app: string[];
  pages: Record<string, string[]>;
  answers: { every: string[]; signedIn: string[] };
};

/**
 * The chunks a first load evaluates, from the finished bundle: the entry with its static imports
 * (`entry`, which index.html names), and the lists above (each less the entry's own).
 */
export function startChunks({
  bundle,
  root,
  fail,
}: JsonAssetInput): Omit<StartPreloads, 'answers'> & { entry: string[] } {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (files: string[], into = new Set<string>()) => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      withImports(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return fail('start preloads: the build has no entry chunk');
  const already = withImports([entry.fileName]);
  const chunkOf = (module: string) => {
    const id = path.resolve(root, module);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) return fail(`start preloads: no chunk holds ${module}`);
    return chunk.fileName;
  };
  const list = (modules: string[]) =>
    [...withImports(modules.map(chunkOf))].filter((file) => !already.has(file)).map((file) => `/${file}`);
  const app = list(SEEDS.app);
  return {
    entry: [...already].map((file) => `/${file}`),
    signIn: list(SEEDS.signIn),
    app,
    // A page's own chunks: what `app` does not name already.
    pages: Object.fromEntries(
      Object.entries(SEEDS.pages).map(([page, modules]) => [page, list(modules).filter((f) => !app.includes(f))]),
    ),
  };
}

export function startPreloadsPlugin(): Plugin {
  return jsonAssetPlugin('boardwalk-start-preloads', '.vite/start-preloads.json', (input) => {
    // What the API reads: the lists without the entry's files (index.html names those).
    const { signIn, app, pages } = startChunks(input);
    return { signIn, app, pages, answers: START_ANSWERS } satisfies StartPreloads;
  });
}
