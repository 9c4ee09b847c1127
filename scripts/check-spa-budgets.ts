/**
 * The transfer budgets of apps/web/delivery/start-pages.ts, checked on the built web app (apps/web/dist) as the API
 * sends it: for each page, the JavaScript a browser downloads on a cold visit is the scripts
 * index.html names, the chunks the entry imports, and the chunks of the lazy modules the page
 * loads, all from Vite's manifest (and dist/.vite/chunk-modules.json for modules that a named
 * code-splitting group holds, decision 047). Each file is requested from the real static middleware (mountSpa) with a
 * browser's Accept-Encoding, and its body plus its response headers are counted, as Chromium
 * counts the bytes it receives. Fails when a page is over its ceiling (below), or when a chunk
 * of its first load is sent without V8's compile hint at its top (decision 066), and says which
 * pages are still over their budget.
 *
 *   node scripts/check-spa-budgets.ts [distDir] [--list]   (run by scripts/test.sh, static pass;
 *                                                          --list: each file and its bytes)
 *
 * bench/spa-transfer.ts measures the same pages in Chromium; the two agree within a few
 * percent (decision 025). When a page starts loading another lazy module on its first visit,
 * add it to its `modules` below, or the check undercounts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { mountSpa } from '../apps/api/src/middleware/static-spa.ts';
import { securityHeaders } from '../apps/api/src/middleware/security-headers.ts';
import { COMPILE_HINT } from '../apps/web/delivery/build-files.ts';
import { FRAME_SEEDS, SIGN_IN_SEEDS, START_PAGES } from '../apps/web/delivery/start-pages.ts';

const KB = 1024;

/**
 * The pages and their budgets are apps/web/delivery/start-pages.ts's (decision 080): each page's
 * cold visit loads its seeds and, but for /login, the frame's. The history of each ceiling is in
 * decisions 025, 047, 050, 055, 058 and 069.
 */
const PAGES = START_PAGES.map((page) => ({
  path: page.path,
  target: page.budgetKb * KB,
  ceiling: page.budgetKb * KB,
  modules: page.seeds === SIGN_IN_SEEDS ? page.seeds : [...FRAME_SEEDS, ...page.seeds],
}));

const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** What Node's HTTP server adds to every answer: status line, Date, Connection, Keep-Alive, blank line. */
const NODE_HEADER_BYTES =
  'HTTP/1.1 200 OK\r\nDate: Sun, 22 Nov 2026 21:00:00 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n'
    .length;

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** Source module → file of the chunk holding it (apps/web/delivery/build-files.ts). */
type ChunkModules = Record<string, string>;

/** The manifest entry of a source module: its own, or that of the grouped chunk holding it. */
function manifestKey(manifest: Manifest, modules: ChunkModules, module: string): string {
  if (manifest[module]) return module;
  const file = modules[module];
  const key = file && Object.keys(manifest).find((k) => manifest[k]?.file === file);
  if (!key) throw new Error(`${module} is not in the build: was it renamed? Update apps/web/delivery/start-pages.ts.`);
  return key;
}

/** The files a module's chunk needs before it runs: itself and its static imports, transitively. */
function chunkFiles(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest.`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/** Every cycle in the chunks' static imports, each as the files around it. */
export function chunkCycles(manifest: Manifest): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, path: string[]) => {
    state.set(key, 'open');
    for (const next of manifest[key]?.imports ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...path.slice(path.indexOf(next)), next].map((k) => manifest[k]?.file ?? k));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, [key]);
  return cycles;
}

async function main() {
  const distArg = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const dist = path.resolve(distArg ?? path.join(import.meta.dirname, '../apps/web/dist'));
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: build the web app first (npm run build).`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const modulesPath = path.join(dist, '.vite/chunk-modules.json');
  if (!existsSync(modulesPath)) throw new Error(`No ${modulesPath}: build the web app again (npm run build).`);
  const modules = JSON.parse(readFileSync(modulesPath, 'utf8')) as ChunkModules;

  const app = new Hono();
  app.use('*', securityHeaders());
  mountSpa(app as never, dist);

  const sent = new Map<string, { bytes: number; encoding: string; hinted: boolean }>();
  async function wireBytes(file: string) {
    const known = sent.get(file);
    if (known) return known;
    const res = await app.request(`/${file}`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
    if (res.status !== 200) throw new Error(`/${file}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    let headers = NODE_HEADER_BYTES;
    res.headers.forEach((value, name) => (headers += `${name}: ${value}\r\n`.length));
    const encoding = res.headers.get('content-encoding') ?? 'identity';
    const text = (
      encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
    ).toString();
    const result = { bytes: body.byteLength + headers, encoding, hinted: text.startsWith(COMPILE_HINT) };
    sent.set(file, result);
    return result;
  }

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk.');
  // Scripts index.html loads itself (the entry, module preloads; its theme boot is inline, decision 069).
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const htmlScripts = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  // The chunks the API names in a deep link's page (decision 060): each must be one the page
  // loads anyway, or the preload would add bytes this check does not count.
  const preloadsFile = path.join(dist, '.vite', 'start-preloads.json');
  const preloads = existsSync(preloadsFile)
    ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as {
        signIn: string[];
        app: string[];
        pages: Record<string, string[]>;
      })
    : undefined;
  let failed = false;
  let grew = false;
  // Two chunks that import each other can run a module before the one it needs: a blank page
  // (decision 055). The groups of apps/web/delivery/chunk-groups.ts must not make one.
  for (const cycle of chunkCycles(manifest)) {
    console.error(`FAIL chunks import each other: ${cycle.join(' → ')}`);
    failed = true;
  }
  for (const page of PAGES) {
    const files = chunkFiles(manifest, entry, new Set(htmlScripts));
    for (const module of page.modules) chunkFiles(manifest, manifestKey(manifest, modules, module), files);
    const named =
      page.path === '/login' ? preloads?.signIn : [...(preloads?.app ?? []), ...(preloads?.pages[page.path] ?? [])];
    const extra = (named ?? []).map((file) => file.replace(/^\//, '')).filter((file) => !files.has(file));
    if (extra.length) {
      console.error(`FAIL ${page.path}: its page preloads chunks it does not load: ${extra.join(', ')}`);
      failed = true;
    }
    let total = 0;
    const plain: string[] = [];
    for (const file of files) {
      const { bytes, encoding } = await wireBytes(file);
      total += bytes;
      if (encoding === 'identity' && bytes > KB) plain.push(file);
    }
    // The first load's chunks start with V8's compile hint (decision 066): the entry's, and those
    // the page names (every chunk of /login and /home).
    const starting = [...chunkFiles(manifest, entry), ...(named ?? []).map((file) => file.replace(/^\//, ''))];
    const unhinted = [];
    for (const file of starting) if (!(await wireBytes(file)).hinted) unhinted.push(file);
    if (unhinted.length) {
      console.error(`FAIL ${page.path}: first-load chunks sent without the compile hint: ${unhinted.join(', ')}`);
      failed = true;
    }
    const over = total > page.ceiling;
    const overTarget = total > page.target;
    failed ||= over;
    grew ||= over;
    const verdict = over ? 'FAIL' : overTarget ? 'ok* ' : 'ok  ';
    console.log(
      `${verdict} ${page.path.padEnd(15)} ${(total / KB).toFixed(1).padStart(6)} KB of JS in ${String(files.size).padStart(2)} files` +
        ` (ceiling ${page.ceiling / KB} KB, target ${page.target / KB} KB${overTarget ? ': not met yet' : ''})` +
        `${plain.length ? `; sent uncompressed: ${plain.join(', ')}` : ''}`,
    );
    if (process.argv.includes('--list')) {
      const rows = [...files].map((file) => ({ file, kb: (sent.get(file)?.bytes ?? 0) / KB }));
      for (const { file, kb } of rows.sort((a, b) => b.kb - a.kb))
        console.log(`       ${kb.toFixed(1).padStart(6)} KB  ${file}`);
    }
  }
  if (grew) console.error('A page grew past its JavaScript ceiling: split what it does not need into lazy chunks.');
  if (failed) process.exitCode = 1;
}

if (import.meta.main) await main();
