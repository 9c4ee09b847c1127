import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../lib/context.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA; any non-API GET that is not a file gets index.html (history fallback).
 * The build writes a .br and a .gz beside each text file (apps/web/precompress.ts): serveStatic
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
  app.use('*', serveStatic({ root, precompressed: true }));
  const indexHtml = serveStatic({ root, path: 'index.html', precompressed: true });
  app.get('*', async (c, next) => {
    // A missing chunk is a 404, not the page: an HTML answer would be cached for a year.
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return c.notFound();
    return (await indexHtml(c, next)) ?? c.notFound();
  });
}
