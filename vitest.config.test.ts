import { spawnSync } from 'node:child_process';
import { globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));
const skipped = new Set(['node_modules', '.git', 'dist', 'test-results', 'playwright-report', 'data']);

/** Every *.test.ts(x) in the tree, as a path from the repository root. */
function testFilesOnDisk(): string[] {
  return globSync('**/*.test.{ts,tsx}', {
    cwd: root,
    exclude: (name) => skipped.has(path.basename(name)),
  }).sort();
}

/** What Vitest itself selects, per project (its own globbing, not a copy of the config's patterns). */
function filesVitestSelects(): { file: string; projectName: string }[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-list-'));
  try {
    const out = path.join(dir, 'list.json');
    // A child Vitest, without the variables this worker runs under.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', `--json=${out}`],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(run.status, `vitest list failed:\n${run.stderr}`).toBe(0);
    const listed = JSON.parse(readFileSync(out, 'utf8')) as { file: string; projectName: string }[];
    return listed.map(({ file, projectName }) => ({ file: path.relative(root, file), projectName }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let listed: { file: string; projectName: string }[] | undefined;
const selected = () => (listed ??= filesVitestSelects());

it('puts every test file in exactly one Vitest project', { timeout: 30_000 }, () => {
  const onDisk = testFilesOnDisk();
  expect(onDisk.length, 'test files found').toBeGreaterThan(20);

  const projectsOf = new Map<string, string[]>(onDisk.map((file) => [file, []]));
  for (const { file, projectName } of selected()) projectsOf.set(file, [...(projectsOf.get(file) ?? []), projectName]);
  const misplaced = [...projectsOf].filter(([, projects]) => projects.length !== 1);
  expect(Object.fromEntries(misplaced), 'file → the projects that run it (want exactly one)').toEqual({});
});

it('runs the pure API tests in the unit project and the harness tests in the api project', { timeout: 30_000 }, () => {
  const projectOf = new Map(selected().map(({ file, projectName }) => [file, projectName]));
  expect(projectOf.get('apps/api/src/templates/render.unit.test.ts')).toBe('unit');
  expect(projectOf.get('apps/api/src/db/data-dir-lock.unit.test.ts')).toBe('unit');
  expect(projectOf.get('apps/api/src/lib/crypto.test.ts')).toBe('unit');
  expect(projectOf.get('apps/api/src/routes/users/users.test.ts')).toBe('api');
});
