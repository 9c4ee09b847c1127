import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { isStartStyles, startStylesElement } from '@boardwalk/shared/start-styles';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { SESSION_COOKIE_NAMES } from '../auth/resolve-actor.ts';
import type { AppEnv } from '../lib/context.ts';
import { pickEncoding } from '../lib/http/compression.ts';
import { pageContentSecurityPolicy } from './security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * dist/.vite/start-preloads.json (apps/web/delivery/build-files.ts): chunk paths by address, and the
 * API answers a first load asks for (every page's, a signed-in page's).
 */
type StartPreloads = {
  signIn: string[];
  app: string[];
  pages: Record<string, string[]>;
  answers?: { every: string[]; signedIn: string[] };
};

/** An answer the page may name: a path of this API, nothing that could leave the attribute. */
const ANSWER_PATH = /^\/api\/[\w/-]{1,200}$/;

/** A list of answers the page may name, or undefined when any entry is not one. */
const answerList = (value: unknown) =>
  Array.isArray(value) && value.every((answer) => typeof answer === 'string' && ANSWER_PATH.test(answer))
    ? (value as string[])
    : undefined;

/** The build's answers when both lists are usable; otherwise the page names none. */
function startAnswers(preloads: StartPreloads) {
  const every = answerList(preloads.answers?.every);
  const signedIn = answerList(preloads.answers?.signedIn);
  return every && signedIn ? { every, signedIn } : { every: [], signedIn: [] };
}

/** /login as the web app's first render takes it (app-start.tsx isSignInPath): any case, one trailing slash. */
const SIGN_IN_PATH = /^\/login\/?$/i;

/** The session cookie is there (either name, or the first part of a chunked one); its value is not read. */
const SESSION_COOKIE = new RegExp(
  `(?:^|;\\s*)(?:${SESSION_COOKIE_NAMES.map((name) => name.replace(/[.]/g, '\\.')).join('|')})(?:\\.0)?=`,
);

/** dist/.vite/start-styles.json as an element for the page, when the build has usable ones. */
function startStyles(distDir: string): string | undefined {
  const file = path.join(distDir, '.vite', 'start-styles.json');
  if (!existsSync(file)) return undefined;
  const styles: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return isStartStyles(styles) ? startStylesElement(styles) : undefined;
}

/**
 * The page's CSP: every answer's, with the page's inline scripts (index.html's theme boot) by
 * the hash of their exact text, so a changed or injected script does not run (decision 069).
 */
function pageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) =>
    createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64'),
  );
  return pageContentSecurityPolicy(hashes);
}

/**
 * The page for a deep link, naming what its first load needs after the entry (decision 060):
 * `<link rel="modulepreload">` for the chunks the build listed for the address, and
 * `<link rel="preload" as="fetch">` for the API answers every page asks for first (the session,
 * the public settings). The browser fetches them with the entry instead of one after another
 * (entry → router and shell → session → page → page's parts). A page's own chunks are named only
 * when a session cookie came with the request: signed out, the gate sends the visit to /login and
 * they would be fetched for nothing. With the cookie the page also names the signed-in answers
 * (the user's UI settings, decision 068) and carries the build's start styles (decision 067), the
 * emotion rules of the shell and /home.
 * Made from the built index.html (`html`) once per variant, compressed as the build compresses
 * the file, sent with the page's CSP (`csp`). Without the build's list: undefined, and the file
 * is served as it is.
 */
function startPages(distDir: string, html: string, csp: string) {
  const listFile = path.join(distDir, '.vite', 'start-preloads.json');
  if (!existsSync(listFile)) return undefined;
  const preloads = JSON.parse(readFileSync(listFile, 'utf8')) as StartPreloads;
  if (!html.includes('</head>')) return undefined;
  const styles = startStyles(distDir);
  const answers = startAnswers(preloads);
  const made = new Map<string, { plain: Buffer; br: Buffer; gzip: Buffer }>();
  const variant = (key: string, scripts: string[], signedIn: boolean) => {
    let page = made.get(key);
    if (!page) {
      const additions = [
        ...[...answers.every, ...(signedIn ? answers.signedIn : [])].map(
          (answer) => `<link rel="preload" href="${answer}" as="fetch" crossorigin>`,
        ),
        ...[...new Set(scripts)].map(
          (file) => `<link rel="modulepreload" crossorigin href="${file}" fetchpriority="low">`,
        ),
        ...(signedIn && styles ? [styles] : []),
      ];
      const plain = Buffer.from(
        html.replace(/\n([ \t]*)<\/head>/, (_, indent: string) =>
          ['', ...additions.map((element) => `${indent}  ${element}`), `${indent}</head>`].join('\n'),
        ),
      );
      page = { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) };
      made.set(key, page);
    }
    return page;
  };
  return (c: Context) => {
    const address = c.req.path;
    let key: string;
    let scripts: string[];
    let signedIn = false;
    if (SIGN_IN_PATH.test(address)) {
      key = 'sign-in';
      scripts = preloads.signIn;
    } else {
      signedIn = SESSION_COOKIE.test(c.req.header('cookie') ?? '');
      const own = signedIn ? preloads.pages[address.replace(/\/$/, '')] : undefined;
      key = own ? `page ${address.replace(/\/$/, '')}` : signedIn ? 'app signed in' : 'app';
      scripts = [...preloads.app, ...(own ?? [])];
    }
    const page = variant(key, scripts, signedIn);
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const body = encoding ? page[encoding] : page.plain;
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(body.length),
      // Which preloads depend on the cookie's presence; the encoding on Accept-Encoding.
      Vary: 'Accept-Encoding, Cookie',
      'Content-Security-Policy': csp,
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    return c.body(new Uint8Array(body), 200, headers);
  };
}

/**
 * Serves the built SPA; any non-API GET that is not a file gets index.html (history fallback),
 * with the page's CSP.
 * The build writes a .br and a .gz beside each text file (apps/web/delivery/precompress.ts): serveStatic
 * sends the one the browser accepts (br first), with Content-Encoding and the compressed
 * Content-Length, and the original file's Content-Type. Nothing is compressed per request.
 */
export function mountSpa(app: Hono<AppEnv>, distDir: string | undefined) {
  if (!distDir) return;
  if (!existsSync(path.join(distDir, 'index.html'))) return;
  const root = path.relative(process.cwd(), distDir) || '.';
  // Set after serveStatic answered: its onFound hook runs once the response exists, where a
  // header set through the context no longer lands. Only SPA requests get here: the API's own
  // routes and its catch-all 404 answer first.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const headers = c.res.headers;
    // Every file may come in another encoding, so a cache must key on Accept-Encoding even
    // when this answer is the plain file (serveStatic adds it only when it sends a .br/.gz).
    if (!/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
    // Hashed file names: cached for a year. The page itself is checked on every visit, so a
    // deploy reaches an open browser at its next navigation.
    if (c.req.path.startsWith('/assets/')) headers.set('Cache-Control', IMMUTABLE);
    else if (headers.get('Content-Type')?.startsWith('text/html')) headers.set('Cache-Control', 'no-cache');
  });
  // The page itself (/, /index.html) is never the file as it is: it gets its preloads and the
  // CSP that lets its inline script run, below.
  const files = serveStatic({ root, precompressed: true });
  app.use('*', (c, next) => (c.req.path === '/' || c.req.path === '/index.html' ? next() : files(c, next)));
  const indexHtml = serveStatic({ root, path: 'index.html', precompressed: true });
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const csp = pageCsp(html);
  const startPage = startPages(distDir, html, csp);
  // The merchant's application link (docs/decisions/097) gets its own small page, never the staff app.
  const applyPath = path.join(distDir, 'apply.html');
  if (existsSync(applyPath)) {
    const applyHtml = readFileSync(applyPath, 'utf8');
    const applyCsp = pageCsp(applyHtml);
    app.get('/apply/*', (c) => c.html(applyHtml, 200, { 'Content-Security-Policy': applyCsp }));
  }
  app.get('*', async (c, next) => {
    // A missing chunk is a 404, not the page: an HTML answer would be cached for a year.
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return c.notFound();
    if (startPage) return startPage(c);
    c.header('Content-Security-Policy', csp);
    return (await indexHtml(c, next)) ?? c.notFound();
  });
}
