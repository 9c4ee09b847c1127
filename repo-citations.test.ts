import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs cite what a reader of this repository can open: a path under docs/, a decision
 * record. A section or issue number of a document outside the repository (the product
 * specification and design notes the project started from, an issue thread) says nothing to a
 * reader of a clone, so it is replaced by the rule it stood for (docs/decisions/081).
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const TEXT_FILES = '**/*.{ts,tsx,js,mjs,cjs,md,sh,sql,html,css,yml,yaml,json,lua}';
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'playwright-report']);
const SKIPPED_FILES = new Set(['package-lock.json', path.basename(fileURLToPath(import.meta.url))]);
/** Landed migrations are history, never edited (STYLE.md): what they say stays as it was written. */
const MIGRATIONS = path.join('apps', 'api', 'src', 'db', 'migrations');

/**
 * A section sign with a number (not an RFC's: "RFC 9110 §15" names a public standard), or
 * "issue" with a number ("issue 8", "Issues 10 and 11", "issue #28").
 */
const EXTERNAL_CITATION = /(?<!\bRFC \d{3,5},? )§\s*\d|\bissues?\s+#?\d/i;

export function externalCitations(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line.trim() }))
    .filter(({ text: line }) => EXTERNAL_CITATION.test(line));
}

describe('citations in comments and docs', () => {
  it('recognise section and issue numbers, but not an RFC section', () => {
    const found = (text: string) => externalCitations(text).length;
    expect(found('// the spinner first (SPEC §2)')).toBe(1);
    expect(found('* DESIGN.md §7: the budgets')).toBe(1);
    expect(found("it('merchants (issue 8)')")).toBe(1);
    expect(found('Issues 10 and 11 asked for it')).toBe(1);
    expect(found('see issue #28')).toBe(1);
    expect(found('(safe methods, RFC 9110 §9.2.1)')).toBe(0);
    expect(found('the issue is the 8 rows (decision 081, docs/architecture.md)')).toBe(0);
  });

  it('name only documents inside the repository', () => {
    const files = globSync(TEXT_FILES, {
      cwd: root,
      exclude: (name) => SKIPPED.has(path.basename(name)),
    }).filter((name) => !SKIPPED_FILES.has(path.basename(name)) && !name.startsWith(MIGRATIONS));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((name) =>
      externalCitations(readFileSync(path.join(root, name), 'utf8')).map(
        ({ line, text }) => `${name}:${line}: ${text}`,
      ),
    );
    expect(found, 'cite a repository document (docs/…, a decision record) or state the rule').toEqual([]);
  });
});
