import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Lock = { packages: Record<string, { hasInstallScript?: boolean; version?: string }> };
const lock = JSON.parse(readFileSync(new URL('./package-lock.json', import.meta.url), 'utf8')) as Lock;
const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  allowScripts: Record<string, boolean>;
  devDependencies: Record<string, string>;
};

/** A fresh install prints no warning (scripts/lib.sh runs npm ci under the pinned Node). */
describe('a fresh install', () => {
  it('decides, for every package with an install script, whether it runs', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = withScripts.filter((name) => !(name in manifest.allowScripts));
    expect(undecided, 'add each to package.json allowScripts (true: it must run; false: it need not)').toEqual([]);
  });

  it('pins an exact Node version for scripts/lib.sh to install under', () => {
    expect(manifest.devDependencies.node).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
