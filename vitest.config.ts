import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API tests that need no harness (no database, no app): the helpers under lib/, and any other
 * file named `*.unit.test.ts`. They run in the unit project; every other API test runs in the
 * api project, which excludes exactly these globs, so a new file always lands in one of the two.
 * vitest.config.test.ts checks that every test file in the tree is in exactly one project.
 */
const apiUnitTests = ['apps/api/src/lib/**/*.test.ts', 'apps/api/src/**/*.unit.test.ts', 'bench/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    // One test file per core. Vitest's default is one less than the cores, which on the two-core
    // machines this runs on (CI included) is one file at a time (decision 031).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          // The root's own *.test.ts: checks of the repository's configuration.
          include: ['*.test.ts', 'packages/*/src/**/*.test.ts', ...apiUnitTests],
          environment: 'node',
          // One module graph per worker, as in the api project (decisions 048, 053): these files
          // keep nothing in modules (no vi.mock, stubbed globals or environment, fake timers, spies).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...apiUnitTests],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // The files of a worker share one module graph (decision 048): the app, Hono, Drizzle,
          // Auth.js and PGlite are imported once per worker, not once per file, which was 40% of
          // the pass's CPU. Nothing the tests touch is kept in modules: each file makes its own app
          // and database (harness.ts), and the one spy is restored in the test that sets it.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Node 24.9's V8 once aborted a worker here ("Check failed: jit_page_->allocations_.erase(addr)
          // == 1" in Runtime_TierUpWasmToJSWrapper, freeing the wasm-to-JS wrappers of PGlite
          // instances the files had closed). Wrappers that never tier up never take that path; the
          // generic wrapper costs PGlite's calls into JS a little.
          execArgv: ['--wasm-wrapper-tiering-budget=2147483647'],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
