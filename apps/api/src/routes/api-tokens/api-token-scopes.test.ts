import { randomUUID } from 'node:crypto';
import {
  API_TOKEN_SUBJECT,
  READ_ONLY_TOKEN_SCOPES,
  scopeSubjectOf,
  TOKEN_SCOPE_SUBJECTS,
  type ApiTokenWithSecret,
  type Permission,
  type TokenScopes,
  type TokenScopeSubject,
} from '@boardwalk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredAbility } from '../../lib/http/authorize.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';

type Operation = { method: string; path: string; ability: DeclaredAbility };

const isScopeSubject = (subject: string) => TOKEN_SCOPE_SUBJECTS.includes(subject as TokenScopeSubject);

function operations(t: TestApp): Operation[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { 'x-ability': DeclaredAbility }>)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, ability: op['x-ability'] })),
  );
}

type Expected = 'pass' | 'token_scope' | 'token_not_allowed';

/**
 * Sends every operation (but the public ones) with the token and lists those whose answer is not
 * what `expected` says. Random ids: a request that passes the gate ends in 404/400.
 */
async function misgated(
  t: TestApp,
  secret: string,
  expected: (ability: readonly Permission[]) => Expected,
  only: (op: Operation) => boolean = () => true,
) {
  const wrong: string[] = [];
  let checked = 0;
  for (const op of operations(t)) {
    if (op.ability === 'public' || !only(op)) continue;
    const url = op.path.replaceAll(/\{\w+\}/g, () => randomUUID());
    const init = ['GET', 'DELETE'].includes(op.method) ? {} : { body: '{}' };
    const res = await t.app.request(url, {
      method: op.method,
      ...init,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    });
    const body = res.status === 403 ? ((await res.json()) as { code?: string }) : null;
    const want: Expected =
      op.ability === 'authenticated' || op.ability.some((p) => p.subject === API_TOKEN_SUBJECT)
        ? 'token_not_allowed'
        : expected(op.ability);
    const ok =
      want === 'pass'
        ? res.status !== 401 && res.status !== 403 && res.status < 500
        : res.status === 403 && body?.code === want;
    if (!ok) wrong.push(`${op.method} ${op.path}: ${res.status} ${body?.code ?? ''}, expected ${want}`);
    checked += 1;
  }
  return { wrong, checked };
}

/**
 * Scope enforcement on every route: a superadmin's token with READ on every
 * subject passes the gate of every route that only reads those subjects and of nothing else; a
 * write route is 403 `token_scope`; a route of the caller's own account or of the tokens themselves
 * is 403 `token_not_allowed`. A token with WRITE on one subject passes only the routes
 * that need nothing but that subject (a `stage` token reads no merchant through the execution
 * history, and writes no action that changes merchants).
 */
describe('token scopes on every route', () => {
  let t: TestApp;
  let create: (name: string, scopes: TokenScopes) => Promise<ApiTokenWithSecret>;
  beforeAll(async () => {
    t = await createTestApp();
    const { cookie } = await signInAs(t, 'ROLE_SUPERADMIN');
    create = async (name, scopes) => {
      const res = await jsonClient(t, cookie).post<ApiTokenWithSecret>('/api/api-tokens', {
        data: { name, scopes, expiry: 'none' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
  });
  afterAll(() => t.close());

  it('lets a read token through read routes only, and never onto session-only routes', async () => {
    const readAll = await create('Read everything', Object.fromEntries(TOKEN_SCOPE_SUBJECTS.map((s) => [s, 'read'])));
    const { wrong, checked } = await misgated(t, readAll.secret, (needs) =>
      needs.every((p) => p.action === 'read' && isScopeSubject(scopeSubjectOf(p.subject))) ? 'pass' : 'token_scope',
    );
    expect(checked).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });

  // merchant-reveal has no write level, and means nothing without merchant. Only the routes that
  // name the subject are sent: a route that does not name it is refused by the walk above already.
  const ONE_SUBJECT = TOKEN_SCOPE_SUBJECTS.filter((s) => !READ_ONLY_TOKEN_SCOPES.includes(s));
  it.each(ONE_SUBJECT)('lets a token with write on %s through the routes of that subject alone', async (subject) => {
    const token = await create(`Write ${subject}`, { [subject]: 'write' });
    const names = (op: Operation) => Array.isArray(op.ability) && op.ability.some((p) => p.subject === subject);
    const { wrong, checked } = await misgated(
      t,
      token.secret,
      (needs) => (needs.every((p) => scopeSubjectOf(p.subject) === subject) ? 'pass' : 'token_scope'),
      names,
    );
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
