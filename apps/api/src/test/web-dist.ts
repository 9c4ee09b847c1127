import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

/**
 * An empty built web app for a test to fill (index.html, assets/…): a new directory with its
 * `assets` folder, under the working directory, as serveStatic takes a root relative to it,
 * without '..'. The test removes it.
 */
export function makeTestWebDist(): string {
  mkdirSync(path.resolve('node_modules/.cache'), { recursive: true });
  const dist = mkdtempSync(path.resolve('node_modules/.cache/bw-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  return dist;
}
