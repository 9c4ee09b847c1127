/**
 * The web app's source as text, path (relative to src/, e.g. 'lib/http.ts') → content, for
 * tests that hold a convention in place ("one module does X").
 */
const all = import.meta.glob<string>(['../**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

// Keys are relative to this folder: '../lib/http.ts' and, for files in here, './fake-fetch.ts'.
const entries = Object.entries(all).map(
  ([file, text]) => [file.replace(/^\.\.\//, '').replace(/^\.\//, 'test/'), text] as const,
);

const isTestCode = (file: string) => file.startsWith('test/') || /\.test\.tsx?$/.test(file);

/** App code: no tests, no test helpers. */
export const appSources = entries.filter(([file]) => !isTestCode(file));
/** Tests and test helpers. */
export const testSources = entries.filter(([file]) => isTestCode(file));

export function filesMatching(sources: readonly (readonly [string, string])[], pattern: RegExp): string[] {
  return sources.filter(([, text]) => pattern.test(text)).map(([file]) => file);
}
