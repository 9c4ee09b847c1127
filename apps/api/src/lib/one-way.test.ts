import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API has one of each of these helpers. A second copy (a route folder growing
 * its own problem schema, caller helper or LIKE escaping) fails here and names the file.
 */
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
const filesMatching = (pattern: RegExp) => files.filter((f) => pattern.test(f.text)).map((f) => f.path);

describe('one way in the API', () => {
  it.each([
    ['the caller helper', /export function (callerOf|requireActor|nowOf|actorOf)\b/, ['lib/http/caller.ts']],
    ['LIKE escaping', /export function likePattern\b/, ['lib/db/like-pattern.ts']],
    ['the field diff', /export function (sameValue|diffFields|auditChanges)\b/, ['lib/db/changes.ts']],
    ['the PostgreSQL error codes', /['"]23505['"]|['"]23503['"]/, ['lib/db/errors.ts']],
    [
      'the OpenAPI helpers',
      /export (const|function) (jsonResponse|documentedProblem|problems|json|idParams)\b/,
      ['lib/http/openapi.ts'],
    ],
    ['the user insert', /\.insert\(users\)/, ['domain/users/user-create.service.ts']],
  ])('%s is defined once', (_what, pattern, expected) => {
    expect(filesMatching(pattern)).toEqual(expected);
  });

  it('names an audit row’s actor through auditActor, so a token’s writes carry the token id (decision 041)', () => {
    // The helper itself, and the merchant timeline and outbox (not the audit log).
    expect(filesMatching(/actorUserId: (caller\.)?actor\.userId/)).toEqual([
      'domain/merchants/record/merchant-events.ts',
      'lib/audit.ts',
    ]);
  });

  it('defines no problem schema of its own: the OpenAPI uses problemSchema from shared', () => {
    expect(filesMatching(/title: z\.string\(\)/)).toEqual([]);
    expect(filesMatching(/from '@boardwalk\/shared\/problem'/)).toContain('lib/http/openapi.ts');
  });

  it('checks passwords only through the server policy (which adds the common-password list)', () => {
    expect(filesMatching(/\bpasswordSchema\(/)).toEqual(['auth/password-policy.ts']);
  });

  it('keeps handler and CRUD types: no `as never` casts there', () => {
    const casts = files.filter((f) => /(^lib\/crud\/|\.handlers\.ts$)/.test(f.path) && /as never\b/.test(f.text));
    expect(casts.map((f) => f.path)).toEqual([]);
  });
});
