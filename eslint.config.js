import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // Configuration is read in one place (DESIGN §8, STYLE.md): apps/api/src/config.ts.
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
    // The exceptions: the config module itself; test infrastructure, which reads the test run's
    // own environment (TEST_DATABASE_URL, TEST_LOG_LEVEL, E2E_*, CI), not the app's; and the
    // user:create CLI, which reads npm's INIT_CWD to resolve paths where the command was typed.
    files: ['apps/api/src/config.ts', 'apps/api/src/test/**/*.ts', 'apps/api/src/cli/user-create.ts', 'e2e/**/*.ts'],
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**'],
              message: 'Web features do not import each other; move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', 'hono', 'drizzle-orm*'] }],
    },
  },
);
