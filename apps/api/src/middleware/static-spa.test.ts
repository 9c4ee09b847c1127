import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { signInAs } from '../test/sign-in.ts';
import { makeTestWebDist } from '../test/web-dist.ts';
import { pageContentSecurityPolicy } from './security-headers.ts';

const BROWSER = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file and the .br/.gz the web build writes beside it (apps/web/delivery/precompress.ts). */
function writePrecompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/**
 * A test build: index.html (with its .br/.gz) and, under .vite/, a JSON file per entry of `vite`
 * (start-preloads.json, start-styles.json) as the web build writes them. The caller removes it.
 */
function writeStartDist(page: string, vite: Record<string, unknown>): string {
  const dist = makeTestWebDist();
  mkdirSync(path.join(dist, '.vite'));
  writePrecompressed(path.join(dist, 'index.html'), page);
  for (const [file, value] of Object.entries(vite))
    writeFileSync(path.join(dist, '.vite', file), JSON.stringify(value));
  return dist;
}

describe('the built SPA, precompressed', () => {
  let t: TestApp;
  let dist: string;
  let app: ReturnType<typeof createApp>;
  const script = `export const rows = [${'"a row of the grid",'.repeat(200)}];`;
  const page = `<!doctype html><title>Boardwalk</title>${'<!-- padding -->'.repeat(50)}`;
  const applyPage = '<!doctype html><title>Application</title><script type="module" src="/assets/apply-1.js"></script>';

  beforeAll(async () => {
    t = await createTestApp();
    dist = makeTestWebDist();
    writePrecompressed(path.join(dist, 'index.html'), page);
    writePrecompressed(path.join(dist, 'assets', 'grid-3f2a1b.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-9c8d7e.js'), 'export{}');
    writeFileSync(path.join(dist, 'apply.html'), applyPage);
    app = createApp({ ...t.deps, config: { ...t.deps.config, webDist: dist } });
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await t?.close();
  });

  const get = (url: string, acceptEncoding?: string, method = 'GET') =>
    app.request(url, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a browser: its bytes and length, the script type, immutable', async () => {
    const res = await get('/assets/grid-3f2a1b.js', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(brotliCompressSync(script))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.length));
  });

  it('sends gzip to a client without brotli, and the plain file (still varying) to one without either', async () => {
    const gz = await get('/assets/grid-3f2a1b.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer()).equals(gzipSync(script))).toBe(true);

    const refused = await get('/assets/grid-3f2a1b.js', 'br;q=0, gzip');
    expect(refused.headers.get('content-encoding')).toBe('gzip');

    const plain = await get('/assets/grid-3f2a1b.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(plain.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await plain.text()).toBe(script);
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(script)));
  });

  it('sends a file the build left uncompressed as it is', async () => {
    const res = await get('/assets/tiny-9c8d7e.js', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('export{}');
  });

  it('answers HEAD with the compressed length', async () => {
    const res = await get('/assets/grid-3f2a1b.js', BROWSER, 'HEAD');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(String(brotliCompressSync(script).length));
  });

  it('sends the page compressed and never cached without a check, at / and at any app path', async () => {
    for (const url of ['/', '/user/list', '/merchant/view/42']) {
      const res = await get(url, BROWSER);
      expect(`${url} ${res.status} ${res.headers.get('cache-control')}`).toBe(`${url} 200 no-cache`);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(Buffer.from(await res.arrayBuffer()).equals(brotliCompressSync(page))).toBe(true);
    }
    const plain = await get('/user/list');
    expect(await plain.text()).toBe(page);
  });

  it("answers a merchant's application link with its own page, never the staff app (decision 097)", async () => {
    const res = await get('/apply/some-token', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(pageContentSecurityPolicy([]));
    expect(await res.text()).toBe(applyPage);
  });

  it('answers a missing chunk with 404, not the page (which would be cached for a year)', async () => {
    const res = await get('/assets/gone-000000.js', BROWSER);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).not.toBe(IMMUTABLE);
  });
});

describe('the page for a deep link names its first chunks and the answers it asks for first (decisions 060, 068)', () => {
  let t: TestApp;
  let dist: string;
  let app: ReturnType<typeof createApp>;
  let cookie: string;
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>Boardwalk</title>',
    '    <script type="module" crossorigin src="/assets/index-0a1b2c.js"></script>',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');
  const preloads = {
    signIn: ['/assets/login-111111.js'],
    app: ['/assets/app-routes-222222.js', '/assets/login-111111.js', '/assets/shell-333333.js'],
    pages: { '/home': ['/assets/home-tiles-444444.js', '/assets/my-todos-tile-555555.js'] },
    answers: { every: ['/api/auth/session', '/api/settings/public'], signedIn: ['/api/me/settings'] },
  };
  const modulepreloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low">/g)].map((m) => m[1]);
  const answerPreloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)].map((m) => m[1]);
  const sessionPreload = '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin>';

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    dist = writeStartDist(page, { 'start-preloads.json': preloads });
    app = createApp({ ...t.deps, config: { ...t.deps.config, webDist: dist } });
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.request(url, { headers: { 'accept-encoding': BROWSER, ...headers } });
  const html = async (res: Response) => {
    expect(res.headers.get('content-encoding')).toBe('br');
    return brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
  };

  it('a signed-in /home: the router, shell and sign-in chunks, the page own chunks and the answers, in <head>', async () => {
    const res = await get('/home', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    const text = await html(res);
    expect(modulepreloads(text)).toEqual([
      '/assets/app-routes-222222.js',
      '/assets/login-111111.js',
      '/assets/shell-333333.js',
      '/assets/home-tiles-444444.js',
      '/assets/my-todos-tile-555555.js',
    ]);
    expect(answerPreloads(text)).toEqual(['/api/auth/session', '/api/settings/public', '/api/me/settings']);
    expect(text.indexOf(sessionPreload)).toBeLessThan(text.indexOf('</head>'));
    // The rest of the page is the build's.
    expect(text.replace(/\n *<link rel="(modulepreload|preload)"[^>]*>/g, '')).toBe(page);
    expect(await html(await get('/home/', { cookie }))).toContain('/assets/home-tiles-444444.js');
  });

  it('signed out, /home names no page chunk (the gate sends it to /login); other paths the app chunks only', async () => {
    for (const url of ['/home', '/user/list', '/merchant/view/42']) {
      const text = await html(await get(url));
      expect(`${url} ${modulepreloads(text).join(' ')}`).toBe(`${url} ${preloads.app.join(' ')}`);
      // Not the user's settings: there is no user to ask about.
      expect(answerPreloads(text)).toEqual(['/api/auth/session', '/api/settings/public']);
    }
    const signedIn = await html(await get('/user/list', { cookie }));
    expect(modulepreloads(signedIn)).toEqual(preloads.app);
    expect(answerPreloads(signedIn)).toEqual(['/api/auth/session', '/api/settings/public', '/api/me/settings']);
  });

  it('/login names the light sign-in chunk only, not the router and shell', async () => {
    for (const url of ['/login', '/LOGIN/']) {
      const text = await html(await get(url));
      expect(`${url} ${modulepreloads(text).join(' ')}`).toBe(`${url} /assets/login-111111.js`);
      expect(answerPreloads(text)).toEqual(['/api/auth/session', '/api/settings/public']);
    }
    // The sign-in page asks for no user's settings, whatever cookie came with it.
    expect(answerPreloads(await html(await get('/login', { cookie })))).toEqual([
      '/api/auth/session',
      '/api/settings/public',
    ]);
  });

  it('names no answer when the build lists one that is not a path of this API', async () => {
    for (const answers of [
      { every: ['/api/auth/session', '/api/x" onload="alert(1)'], signedIn: [] },
      { every: ['https://elsewhere.example/api/x'], signedIn: [] },
      { every: ['/api/auth/session'], signedIn: ['/api/me/settings', '/assets/../api'] },
      { every: '/api/auth/session', signedIn: [] },
      { every: [42], signedIn: [] },
      null,
    ]) {
      const other = writeStartDist(page, { 'start-preloads.json': { ...preloads, answers } });
      try {
        const served = createApp({ ...t.deps, config: { ...t.deps.config, webDist: other } });
        const res = await served.request('/home', { headers: { 'accept-encoding': BROWSER, cookie } });
        const text = await html(res);
        expect(`${JSON.stringify(answers)} ${answerPreloads(text).length}`).toBe(`${JSON.stringify(answers)} 0`);
        expect(text).not.toContain('alert(1)');
        expect(modulepreloads(text)).toHaveLength(5);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    }
  });

  it('keeps the document security headers, gzip for a client without brotli, plain for one without either', async () => {
    const res = await get('/home', { cookie });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const gz = await get('/home', { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzText = gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8');
    expect(modulepreloads(gzText)).toHaveLength(5);

    const plain = await get('/home', { cookie, 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = await plain.text();
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(modulepreloads(body)).toHaveLength(5);
  });

  it('does not name page chunks for a cookie that only looks like the session one', async () => {
    const text = await html(await get('/home', { cookie: 'xauthjs.session-token=1; other=2' }));
    expect(modulepreloads(text)).toEqual(preloads.app);
  });
});

describe('a signed-in page carries the build start styles, the emotion rules of the shell and /home (decision 067)', () => {
  let t: TestApp;
  let cookie: string;
  const dists: string[] = [];
  const page =
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Boardwalk</title>\n  </head>\n  <body></body>\n</html>';
  const styles = {
    ids: ['1x2y3z', 'animation-9q8w'],
    css: '.bw-1x2y3z{color:red;}@keyframes animation-9q8w{from{opacity:0;}}',
  };
  const element =
    '<style data-emotion="bw 1x2y3z animation-9q8w">.bw-1x2y3z{color:red;}@keyframes animation-9q8w{from{opacity:0;}}</style>';

  /** An app serving a build whose .vite/start-styles.json holds `value` (none when undefined). */
  function appWith(value: unknown) {
    const dist = writeStartDist(page, {
      'start-preloads.json': { signIn: [], app: [], pages: {} },
      ...(value === undefined ? {} : { 'start-styles.json': value }),
    });
    dists.push(dist);
    const app = createApp({ ...t.deps, config: { ...t.deps.config, webDist: dist } });
    return async (url: string, headers: Record<string, string> = {}) =>
      (await app.request(url, { headers: { 'accept-encoding': 'identity', ...headers } })).text();
  }

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
  });
  afterAll(async () => {
    for (const dist of dists) rmSync(dist, { recursive: true, force: true });
    await t?.close();
  });

  it('puts them in <head> of any app page opened with a session cookie, as one element emotion takes up', async () => {
    const get = appWith(styles);
    for (const url of ['/home', '/user/list', '/merchant/view/42']) {
      const text = await get(url, { cookie });
      expect(`${url} ${text.includes(element)}`).toBe(`${url} true`);
      expect(text.indexOf(element)).toBeLessThan(text.indexOf('</head>'));
      expect(text.match(/data-emotion/g)).toHaveLength(1);
    }
  });

  it('leaves them out of /login and of a page opened signed out (the gate sends it to /login)', async () => {
    const get = appWith(styles);
    for (const url of ['/login', '/home', '/user/list']) expect(await get(url)).not.toContain('data-emotion');
    expect(await get('/login', { cookie })).not.toContain('data-emotion');
  });

  it('serves the page without them when the file could break out of the element or names ids emotion does not make', async () => {
    for (const bad of [
      { ids: ['1x2y3z'], css: '.bw-1x2y3z{color:red;}</style><script>alert(1)</script>' },
      { ids: ['1x2y3z" onload="alert(1)'], css: '.bw-1x2y3z{color:red;}' },
      { ids: [], css: '.bw-1x2y3z{color:red;}' },
      null,
    ]) {
      const text = await appWith(bad)('/home', { cookie });
      expect(text).toContain('<title>Boardwalk</title>');
      expect(text).not.toContain('data-emotion');
      expect(text).not.toContain('alert(1)');
    }
  });
});

describe("the page's inline theme boot is allowed by its hash, nothing else inline is (decision 069)", () => {
  let t: TestApp;
  const dists: string[] = [];
  const boot = "\n      (function () { document.documentElement.style.colorScheme = 'dark'; })();\n    ";
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>Boardwalk</title>',
    `    <script>${boot}</script>`,
    '    <script type="module" crossorigin src="/assets/index-0a1b2c.js"></script>',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');
  const preloads = { signIn: [], app: [], pages: {}, answers: { every: [], signedIn: [] } };
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  /** The CSP's script-src sources. */
  const scriptSources = (res: Response) =>
    /(?:^|; )script-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
  const appOn = (dist: string) => createApp({ ...t.deps, config: { ...t.deps.config, webDist: dist } });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const dist of dists) rmSync(dist, { recursive: true, force: true });
    await t?.close();
  });

  it("names the served script's hash on every page, signed in or out, with or without the build's lists", async () => {
    const cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    const withLists = writeStartDist(page, { 'start-preloads.json': preloads });
    const withoutLists = makeTestWebDist();
    writePrecompressed(path.join(withoutLists, 'index.html'), page);
    dists.push(withLists, withoutLists);
    for (const [name, dist] of [
      ['with lists', withLists],
      ['without', withoutLists],
    ] as const) {
      const app = appOn(dist);
      for (const [url, headers] of [
        ['/', {}],
        ['/home', { cookie }],
        ['/login', {}],
        ['/merchant/view/42', {}],
      ] as const) {
        const res = await app.request(url, { headers: { 'accept-encoding': 'identity', ...headers } });
        const served = /<script>([\s\S]*?)<\/script>/.exec(await res.text())?.[1];
        expect(served, `${name} ${url}`).toBe(boot);
        expect(scriptSources(res), `${name} ${url}`).toEqual(["'self'", hashOf(boot)]);
      }
    }
  });

  it('the API answers and the assets keep the policy without any hash', async () => {
    const dist = writeStartDist(page, { 'start-preloads.json': preloads });
    dists.push(dist);
    writeFileSync(path.join(dist, 'assets', 'index-0a1b2c.js'), 'export{}');
    const app = appOn(dist);
    const pageCsp = (await app.request('/home')).headers.get('content-security-policy');
    for (const url of ['/api/health', '/assets/index-0a1b2c.js']) {
      const res = await app.request(url);
      expect(scriptSources(res), url).toEqual(["'self'"]);
      // Otherwise the same policy, directive for directive.
      expect(res.headers.get('content-security-policy'), url).toBe(pageCsp?.replace(` ${hashOf(boot)}`, ''));
    }
  });
});
