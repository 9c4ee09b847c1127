import { randomUUID } from 'node:crypto';
import { TOKEN_SCOPE_SUBJECTS, type ApiTokenWithSecret, type TokenScopeSubject } from '@boardwalk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAbility } from '../../lib/http/authorize.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';

type Operation = { method: string; path: string; ability: RouteAbility };

function operations(t: TestApp): Operation[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { 'x-ability': RouteAbility }>)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, ability: op['x-ability'] })),
  );
}

/**
 * Issue 12 §4, scope enforcement on every route: a superadmin's token with READ on every
 * subject passes the gate of every read route of those subjects and of nothing else; a write
 * route is 403 `token_scope`; a route of the caller's own account or of the tokens themselves is
 * 403 `token_not_allowed`. Random ids: a request that passes the gate ends in 404/400.
 */
describe('token scopes on every route', () => {
  let t: TestApp;
  let readAll: ApiTokenWithSecret;
  beforeAll(async () => {
    t = await createTestApp();
    const { cookie } = await signInAs(t, 'ROLE_SUPERADMIN');
    const scopes = Object.fromEntries(TOKEN_SCOPE_SUBJECTS.map((s) => [s, 'read']));
    const res = await jsonClient(t, cookie).post<ApiTokenWithSecret>('/api/api-tokens', {
      data: { name: 'Read everything', scopes, expiry: 'none' },
    });
    expect(res.status).toBe(201);
    readAll = res.body;
  });
  afterAll(() => t.close());

  it('lets a read token through read routes only, and never onto session-only routes', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of operations(t)) {
      if (op.ability === 'public') continue;
      const url = op.path.replaceAll(/\{\w+\}/g, () => randomUUID());
      const init = ['GET', 'DELETE'].includes(op.method) ? {} : { body: '{}' };
      const res = await t.app.request(url, {
        method: op.method,
        ...init,
        headers: { authorization: `Bearer ${readAll.secret}`, 'content-type': 'application/json' },
      });
      const body = res.status === 403 ? ((await res.json()) as { code?: string }) : null;
      let expected: 'pass' | 'token_scope' | 'token_not_allowed';
      if (op.ability === 'authenticated' || op.ability.subject === 'api-token') expected = 'token_not_allowed';
      else if (op.ability.action === 'read' && TOKEN_SCOPE_SUBJECTS.includes(op.ability.subject as TokenScopeSubject))
        expected = 'pass';
      else expected = 'token_scope';
      const ok =
        expected === 'pass'
          ? res.status !== 401 && res.status !== 403 && res.status < 500
          : res.status === 403 && body?.code === expected;
      if (!ok) wrong.push(`${op.method} ${op.path}: ${res.status} ${body?.code ?? ''}, expected ${expected}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});
