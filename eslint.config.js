import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WORKSPACE_SOURCES = ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts'];

/** `from` may not be imported by `target` (import direction, STYLE.md rule 5). */
const zone = (target, from, message) => ({ target, from, message });

/** Each web feature may import only itself among the features (STYLE.md rule 5, decision 079). */
const WEB_FEATURES = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = WEB_FEATURES.map((feature) => ({
  target: `apps/web/src/features/${feature}`,
  from: 'apps/web/src/features',
  except: [`./${feature}`],
  message: 'Web features do not import each other: share through entities/, components/ or lib/.',
}));
const api = (p) => `apps/api/src/${p}`;
/** The API's callers of the domain: they register or run work, and sit below the HTTP app. */
const API_CALLERS = ['jobs', 'messages', 'cli', 'db/seed'].map(api);
/** The HTTP app: nothing below it imports these. */
const API_HTTP = [api('routes'), api('middleware'), api('app.ts'), api('main.ts'), api('worker.ts')];
/**
 * The code of routes/ and domain/, without their tests: a test sets up through any layer (the
 * job engine, the seed, the CLI) and goes through the app.
 */
const ROUTES_CODE = api('routes/**/!(*.test).ts');
const DOMAIN_CODE = api('domain/**/!(*.test).ts');

const NAMED_EXPORTS = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NAMED_EXPORTS],
    },
  },
  {
    // Whether X-Forwarded-* headers are believed is TRUST_PROXY's call, made in one module.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/lib/forwarded.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NAMED_EXPORTS,
        {
          selector: 'Literal[value=/^x-forwarded-/i]',
          message: 'Read X-Forwarded-* headers only through lib/forwarded.ts (TRUST_PROXY).',
        },
      ],
    },
  },

  // Type-aware rules: promises that nobody awaits or that go where a void callback is expected,
  // deprecated APIs, and the rest of the recommended type-checked set.
  {
    files: WORKSPACE_SOURCES,
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      // zod-openapi and RTK Query generics make some `any` flow unavoidable at the edges;
      // the strict compiler settings already catch the mistakes these would.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Hooks and adapters are typed as returning a promise; an async body without await is
      // how they conform, not a mistake.
      '@typescript-eslint/require-await': 'off',
    },
  },

  // Imports: no cycles, no unresolved paths, one direction per app.
  {
    files: WORKSPACE_SOURCES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // web: app → features → entities → components → hooks / lib (decision 079). Checked
            // on resolved paths, so a relative '../../features/x' is caught like any other.
            zone(
              'apps/web/src/lib',
              ['apps/web/src/app', 'apps/web/src/features', 'apps/web/src/entities', 'apps/web/src/components'],
              'lib is the bottom layer of the web app.',
            ),
            zone(
              'apps/web/src/hooks',
              ['apps/web/src/app', 'apps/web/src/features', 'apps/web/src/entities', 'apps/web/src/components'],
              'hooks sit below components.',
            ),
            zone(
              'apps/web/src/components',
              ['apps/web/src/app', 'apps/web/src/features', 'apps/web/src/entities'],
              'components do not know the resources, the features or the shell.',
            ),
            zone(
              'apps/web/src/entities',
              ['apps/web/src/app', 'apps/web/src/features'],
              'entities (one api per resource) do not import the features or the shell.',
            ),
            zone('apps/web/src/features', ['apps/web/src/app'], 'features do not import the shell (app/).'),
            ...featureZones,
            // api (docs/decisions/077): app.ts, routes, middleware → jobs, workflow, messages, cli,
            // seed → domain → lib, auth, templates → db. Paths are resolved, so `../` imports count.
            zone(
              [api('{auth,cli,db,domain,jobs,lib,messages,middleware,templates,test,workflow}/**'), api('!(app).ts')],
              api('routes'),
              'Only app.ts registers routes; nothing else imports routes/ (move shared code to domain/).',
            ),
            zone(
              DOMAIN_CODE,
              [...API_CALLERS, ...API_HTTP],
              'domain/ is called by routes, jobs, the seed and the CLI; it imports none of them.',
            ),
            zone(
              ROUTES_CODE,
              API_CALLERS,
              'Routes call domain/ (and lib, auth, db), not jobs, workflow, messages, the CLI or the seed.',
            ),
            zone(
              API_CALLERS,
              API_HTTP.filter((p) => p !== api('routes')),
              'Jobs, workflow, messages, CLI and seed sit below the HTTP app.',
            ),
            zone(
              [api('lib'), api('auth'), api('templates')],
              [api('domain'), ...API_CALLERS, ...API_HTTP],
              'lib, auth and templates sit below domain/ and never import it or anything above it.',
            ),
            zone(
              [api('db/schema'), api('db/client.ts')],
              [api('lib'), api('auth'), api('templates'), api('domain'), ...API_CALLERS, ...API_HTTP],
              'the database layer is the bottom of the API.',
            ),
            zone(
              'apps/api/src/routes/*/*.service.ts',
              ['apps/api/src/routes/*/*.handlers.ts', 'apps/api/src/routes/*/*.routes.ts'],
              'services do not import handlers or route definitions.',
            ),
            // shared is imported by both apps and imports neither
            zone('packages/shared/src', ['apps', 'e2e'], 'packages/shared has no server or browser imports.'),
          ],
        },
      ],
    },
  },

  // kebab-case file and folder names (STYLE.md rule 9); `.test`, `.routes`… are middle extensions.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },

  {
    // Configuration is read in one place (STYLE.md): apps/api/src/config.ts.
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in apps/api/src/config.ts and pass it on (deps.config).',
        },
      ],
    },
  },
  {
    // The exceptions: the config module itself; test and benchmark tooling, which reads its own
    // run's environment (TEST_DATABASE_URL, TEST_LOG_LEVEL, E2E_*, BENCH_*, CI), not the app's;
    // and the CLIs' runner, which reads npm's INIT_CWD to resolve paths where they were typed.
    files: [
      'apps/api/src/config.ts',
      'apps/api/src/test/**/*.ts',
      'apps/api/src/cli/run-cli.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/record-start-styles.ts',
      'vitest.config.test.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Module augmentation (vitest's ProvidedContext) only works through interface merging.
    files: ['apps/api/src/test/global-setup.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['**/*.config.{ts,js}', 'e2e/playwright.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The build hands these to the data grid in place of MUI's modules, whose default export the
    // grid imports (apps/web/delivery/grid-lazy-slots.ts, decision 055).
    files: ['apps/web/src/components/data-table/grid-lazy-slots/*.tsx'],
    ignores: ['**/lazy-slot.tsx', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', 'hono', 'drizzle-orm*'] }],
    },
  },
);
