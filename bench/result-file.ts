import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './spa-server.ts';

/** The checkout's short commit, which a result names and records. */
export function headCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * bench/results/<date>-<kind>-<label>.json. A second session on the same day and label gets a
 * file of its own (-2, -3, …) instead of overwriting the first.
 */
export function resultPath(kind: string, label: string): string {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `${new Date().toISOString().slice(0, 10)}-${kind}-${label}`);
  let out = `${stem}.json`;
  for (let n = 2; existsSync(out); n++) out = `${stem}-${n}.json`;
  return out;
}
