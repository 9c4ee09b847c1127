import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

const BROWSER = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file and the .br/.gz the web build writes beside it (apps/web/vite-precompress.ts). */
function writePrecompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

describe('the built SPA, precompressed (issue 13)', () => {
  let t: TestApp;
  let dist: string;
  let app: ReturnType<typeof createApp>;
  const script = `export const rows = [${'"a row of the grid",'.repeat(200)}];`;
  const page = `<!doctype html><title>Boardwalk</title>${'<!-- padding -->'.repeat(50)}`;

  beforeAll(async () => {
    t = await createTestApp();
    // Under the working directory: serveStatic takes a root relative to it, without '..'.
    mkdirSync(path.resolve('node_modules/.cache'), { recursive: true });
    dist = mkdtempSync(path.resolve('node_modules/.cache/bw-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writePrecompressed(path.join(dist, 'index.html'), page);
    writePrecompressed(path.join(dist, 'assets', 'grid-3f2a1b.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-9c8d7e.js'), 'export{}');
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

  it('answers a missing chunk with 404, not the page (which would be cached for a year)', async () => {
    const res = await get('/assets/gone-000000.js', BROWSER);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).not.toBe(IMMUTABLE);
  });
});
