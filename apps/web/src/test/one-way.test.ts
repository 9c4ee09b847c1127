import { describe, expect, it } from 'vitest';
import webPackage from '../../package.json' with { type: 'json' };
import { appSources, filesMatching, testSources } from './app-sources.ts';

/** Section 3: each of these has one home in the web app; a second one fails here. */
describe('one way in the web app', () => {
  it('reads problem JSON in lib/problem.ts only (on the shared parser)', () => {
    expect(filesMatching(appSources, /@boardwalk\/shared\/problem/)).toEqual(['lib/problem.ts']);
    expect(filesMatching(appSources, /\bfunction (readProblem|getProblem|errorMessage|problemMessage)\b/)).toEqual([
      'lib/problem.ts',
    ]);
  });

  it('asks for the public settings in lib/portal-name.ts only', () => {
    // The path is written once, with the other answers a first load asks for (decision 068).
    expect(filesMatching(appSources, /'\/api\/settings\/public'/)).toEqual(['lib/start-answers.ts']);
    // The merchant's application page (its own entry, decision 097) reads the name without the staff app's lib.
    expect(filesMatching(appSources, /\bPUBLIC_SETTINGS_PATH\b/)).toEqual([
      'apply/apply-api.ts',
      'lib/portal-name.ts',
      'lib/start-answers.ts',
    ]);
  });

  it('has one useDebouncedValue', () => {
    expect(filesMatching(appSources, /function useDebouncedValue\b/)).toEqual(['hooks/use-debounced-value.ts']);
  });

  it('keeps test helpers in src/test and one fake network', () => {
    expect(filesMatching(appSources, /from '(vitest|@testing-library\/[\w-]+)'/)).toEqual([]);
    expect(filesMatching(testSources, /stubGlobal\(\s*'fetch'/)).toEqual(['test/fake-fetch.ts']);
  });

  it('shows route progress without nprogress', () => {
    const declared = { ...webPackage.dependencies, ...webPackage.devDependencies };
    expect(Object.keys(declared).filter((name) => name.includes('nprogress'))).toEqual([]);
    expect(filesMatching(appSources, /nprogress/i)).toEqual([]);
  });
});

const sharedSources = Object.entries(
  import.meta.glob<string>(['../../../../packages/shared/src/**/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([file, text]) => [file.replace(/^.*packages\/shared\/src\//, ''), text] as const);

describe('one way in packages/shared', () => {
  it('writes the page-size rule once, in list.ts (every list query spreads pagingShape)', () => {
    expect(sharedSources.length).toBeGreaterThan(20);
    expect(filesMatching(sharedSources, /pageSize: z\.coerce/)).toEqual(['list.ts']);
    expect(filesMatching(sharedSources, /\.max\((MAX_PAGE_SIZE|100)\)\.default\((DEFAULT_PAGE_SIZE|25)\)/)).toEqual([
      'list.ts',
    ]);
  });
});
