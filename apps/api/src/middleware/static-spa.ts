import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../lib/context.ts';

/** Serves the built SPA; any non-API GET that is not a file gets index.html (history fallback). */
export function mountSpa(app: Hono<AppEnv>, distDir: string | undefined) {
  if (!distDir) return;
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return;
  const root = path.relative(process.cwd(), distDir) || '.';
  // Hashed file names: cached for a year. Set after serveStatic answered: its onFound hook runs
  // once the response exists, where a header set through the context no longer lands.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root }));
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });
}
