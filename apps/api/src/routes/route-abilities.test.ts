import { randomUUID } from 'node:crypto';
import { defineAbilityFor, ROLES, type Role } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import type { DeclaredAbility } from '../lib/http/authorize.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { signInAs, type TestUser } from '../test/sign-in.ts';

type Operation = { method: string; path: string; ability: DeclaredAbility | undefined };

/** Routes that are not OpenAPI operations on purpose. Anything else under /api or /apps must be. */
const NOT_IN_OPENAPI = [/^\/api\/auth\//, /^\/api\/openapi\.json$/];

function operations(t: TestApp): Operation[] {
  const doc = t.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: 'test' } });
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { 'x-ability'?: DeclaredAbility }>)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, ability: op['x-ability'] })),
  );
}

/** What the product specification says a caller gets: 401 signed out, 403 when the role's ability refuses any permission. */
function expectedGate(ability: DeclaredAbility, role: Role | null): 401 | 403 | 'pass' {
  if (ability === 'public') return 'pass';
  if (!role) return 401;
  if (ability === 'authenticated') return 'pass';
  return ability.every((p) => defineAbilityFor({ role }, p.subject).can(p.action, p.subject)) ? 'pass' : 403;
}

describe('every route declares its ability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds the routes it checks', () => {
    const paths = operations(t).map((o) => `${o.method} ${o.path}`);
    expect(paths).toContain('GET /api/users/{id}');
    expect(paths).toContain('GET /apps/permissions/data');
  });

  it('has x-ability on every OpenAPI operation', () => {
    const missing = operations(t).filter((o) => o.ability === undefined);
    expect(missing.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('has no /api or /apps route outside the OpenAPI document except the allow-list', () => {
    const documented = new Set(operations(t).map((o) => `${o.method} ${o.path.replaceAll(/\{(\w+)\}/g, ':$1')}`));
    const undocumented = t.app.routes
      .filter((r) => /^\/(api|apps)\//.test(r.path) && !r.path.endsWith('*') && r.method !== 'ALL')
      .filter((r) => !NOT_IN_OPENAPI.some((allowed) => allowed.test(r.path)))
      .filter((r) => !documented.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(undocumented)]).toEqual([]);
  });
});

describe('role matrix: every route × signed out and each role', () => {
  let t: TestApp;
  const cookies = new Map<Role, string>();
  const people = new Map<Role, TestUser>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) {
      const { user, cookie } = await signInAs(t, role);
      cookies.set(role, cookie);
      people.set(role, user);
    }
  });
  afterAll(() => t.close());

  it('answers 401, 403 or lets the request through exactly as the ability says', async () => {
    const wrong: string[] = [];
    for (const op of operations(t)) {
      // Random ids: a request that passes the gate ends in 404/400, never touching real rows.
      const url = op.path.replaceAll(/\{\w+\}/g, () => randomUUID());
      const init = ['GET', 'DELETE'].includes(op.method)
        ? {}
        : { body: '{}', headers: { 'content-type': 'application/json' } };
      for (const role of [null, ...ROLES] as const) {
        const headers = { ...(init.headers ?? {}), ...(role ? { cookie: cookies.get(role)! } : {}) };
        const res = await t.app.request(url, { method: op.method, ...init, headers });
        const expected = expectedGate(op.ability!, role);
        const ok = expected === 'pass' ? res.status !== 401 && res.status !== 403 : res.status === expected;
        if (!ok) wrong.push(`${op.method} ${op.path} as ${role ?? 'anonymous'}: ${res.status}, expected ${expected}`);
        if (expected === 'pass' && res.status >= 500) wrong.push(`${op.method} ${op.path} as ${role}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every route six times in turn (over 1,300 requests, and more with each new route): longer
    // than one request's test may take on a loaded machine.
  }, 180_000);

  type SuccessCase = {
    name: string;
    path: (self: TestUser) => string;
    ability: DeclaredAbility;
    method?: string;
    body?: (self: TestUser) => unknown;
    status?: number;
  };
  /** Concrete successful requests: the 2xx half of the matrix, per role. */
  const SUCCESS_CASES: SuccessCase[] = [
    { name: 'GET /api/me', path: () => '/api/me', ability: 'authenticated' },
    { name: 'GET /api/me/settings', path: () => '/api/me/settings', ability: 'authenticated' },
    {
      name: 'PUT /api/me/settings',
      path: () => '/api/me/settings',
      ability: 'authenticated',
      method: 'PUT',
      body: () => ({ mode: 'dark' }),
    },
    { name: 'GET /api/users', path: () => '/api/users', ability: [{ action: 'read', subject: 'user' }] },
    { name: 'GET /api/users/{id}', path: (u) => `/api/users/${u.id}`, ability: [{ action: 'read', subject: 'user' }] },
    {
      name: 'GET /api/users/{id}/sessions',
      path: (u) => `/api/users/${u.id}/sessions`,
      ability: [{ action: 'read', subject: 'user' }],
    },
    {
      name: 'POST /api/users',
      path: () => '/api/users',
      ability: [{ action: 'create', subject: 'user' }],
      method: 'POST',
      body: () => ({
        data: {
          email: `${randomUUID()}@test.example`,
          password: 'temporary-pass-2024',
          role: 'ROLE_AGENT',
          firstName: 'A',
          lastName: 'B',
        },
      }),
      status: 201,
    },
    {
      name: 'PATCH /api/users/{id}',
      path: (u) => `/api/users/${u.id}`,
      ability: [{ action: 'update', subject: 'user' }],
      method: 'PATCH',
      body: (u) => ({ phone: '555 0199', updatedAt: u.updatedAt.toISOString() }),
    },
    {
      name: 'GET /apps/permissions/data',
      path: () => '/apps/permissions/data',
      ability: [{ action: 'read', subject: 'permission' }],
    },
    {
      name: 'GET /api/history/audit',
      path: () => '/api/history/audit',
      ability: [{ action: 'read', subject: 'audit' }],
    },
    {
      name: 'GET /api/history/audit/export.csv',
      path: () => '/api/history/audit/export.csv?from=2000-01-01&to=2000-01-01',
      ability: [{ action: 'read', subject: 'audit' }],
    },
    { name: 'GET /api/health', path: () => '/api/health', ability: 'public' },
    { name: 'GET /api/api-tokens', path: () => '/api/api-tokens', ability: [{ action: 'read', subject: 'api-token' }] },
    {
      name: 'POST /api/api-tokens',
      path: () => '/api/api-tokens',
      ability: [{ action: 'create', subject: 'api-token' }],
      method: 'POST',
      body: () => ({ data: { name: 'Matrix', scopes: { merchant: 'read' }, expiry: '30' } }),
      status: 201,
    },
    {
      name: 'GET /api/history/api',
      path: () => '/api/history/api',
      ability: [{ action: 'read', subject: 'api-usage' }],
    },
    {
      name: 'GET /api/history/api/series',
      path: () => '/api/history/api/series',
      ability: [{ action: 'read', subject: 'api-usage' }],
    },
    {
      name: 'GET /api/history/emails',
      path: () => '/api/history/emails',
      ability: [
        { action: 'read', subject: 'log' },
        { action: 'read', subject: 'merchant' },
      ],
    },
    {
      name: 'GET /api/history/cron-jobs',
      path: () => '/api/history/cron-jobs',
      ability: [{ action: 'read', subject: 'log' }],
    },
    {
      // Admins pass the gate (and find no such message); staff are refused (decision 039).
      name: 'POST /api/history/emails/{id}/retry',
      path: () => `/api/history/emails/${randomUUID()}/retry`,
      ability: [
        { action: 'update', subject: 'job' },
        { action: 'update', subject: 'merchant' },
      ],
      method: 'POST',
      status: 404,
    },
    {
      name: 'GET /api/todos',
      path: () => '/api/todos?view=today',
      ability: [
        { action: 'read', subject: 'todo' },
        { action: 'read', subject: 'merchant' },
      ],
    },
    {
      name: 'GET /api/history/stageActionExecutionHistory',
      path: () => '/api/history/stageActionExecutionHistory?status=failed',
      ability: [
        { action: 'read', subject: 'stage' },
        { action: 'read', subject: 'stage-action' },
        { action: 'read', subject: 'merchant' },
      ],
    },
    {
      name: 'GET /api/automations',
      path: () => '/api/automations',
      ability: [{ action: 'read', subject: 'automation' }],
    },
    {
      name: 'POST /api/automations/preview',
      path: () => '/api/automations/preview',
      ability: [
        { action: 'read', subject: 'automation' },
        { action: 'read', subject: 'merchant' },
      ],
      method: 'POST',
      body: () => ({ trigger: { type: 'merchant_created' } }),
    },
    {
      name: 'GET /api/history/automations',
      path: () => '/api/history/automations?status=failed',
      ability: [
        { action: 'read', subject: 'log' },
        { action: 'read', subject: 'merchant' },
      ],
    },
    {
      name: 'POST /api/todos',
      path: () => '/api/todos',
      ability: [
        { action: 'create', subject: 'todo' },
        { action: 'update', subject: 'merchant' },
      ],
      method: 'POST',
      body: () => ({ data: { title: 'Matrix' } }),
      status: 201,
    },
    {
      name: 'GET /api/me/notifications/unread',
      path: () => '/api/me/notifications/unread',
      ability: [{ action: 'read', subject: 'notification' }],
    },
    {
      name: 'POST /api/me/notifications/read-all',
      path: () => '/api/me/notifications/read-all',
      ability: [{ action: 'update', subject: 'notification' }],
      method: 'POST',
      body: () => ({}),
    },
  ];

  it('states in SUCCESS_CASES the abilities the document declares', () => {
    const declared = new Map(operations(t).map((o) => [`${o.method} ${o.path}`, o.ability]));
    for (const { name, ability } of SUCCESS_CASES) expect(declared.get(name), name).toEqual(ability);
  });

  for (const role of ROLES) {
    it.each(SUCCESS_CASES)(`${role}: $name`, async ({ path, ability, method = 'GET', body, status = 200 }) => {
      const res = await t.app.request(path(people.get(role)!), {
        method,
        ...(body ? { body: JSON.stringify(body(people.get(role)!)) } : {}),
        headers: { cookie: cookies.get(role)!, 'content-type': 'application/json' },
      });
      expect(res.status).toBe(expectedGate(ability, role) === 'pass' ? status : 403);
    });
  }

  it('keeps the audit log from staff, who manage everything else', () => {
    expect(expectedGate([{ action: 'read', subject: 'audit' }], 'ROLE_STAFF')).toBe(403);
    expect(expectedGate([{ action: 'read', subject: 'audit' }], 'ROLE_ADMIN')).toBe('pass');
    expect(operations(t).find((o) => o.path === '/api/history/audit')?.ability).toEqual([
      { action: 'read', subject: 'audit' },
    ]);
  });

  it('audits a 403', async () => {
    const agent = people.get('ROLE_AGENT')!;
    await t.app.request('/api/users', { headers: { cookie: cookies.get('ROLE_AGENT')! } });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'permission.denied'),
          eq(auditLog.actorUserId, agent.id),
          eq(auditLog.subjectType, 'user'),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ outcome: 'denied', changes: { method: 'GET', needed: 'read' } });
  });
});
