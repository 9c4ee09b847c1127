import type { User } from '@boardwalk/shared/schemas/user';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { settings } from '../../db/schema/settings.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attemptSignIn, createUser, signInAs } from '../../test/sign-in.ts';

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('users API: list, read, create, delete', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  const call = (path: string, init: RequestInit = {}, cookie = admin) =>
    t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    const signed = await signInAs(t, 'ROLE_ADMIN');
    admin = signed.cookie;
    adminId = signed.user.id;
  });
  afterAll(() => t.close());

  const newUser = (overrides: Record<string, unknown> = {}) => ({
    email: `new-${Math.random().toString(36).slice(2, 10)}@test.example`,
    password: 'temporary-pass-2024',
    role: 'ROLE_STAFF',
    firstName: 'Grace',
    lastName: 'Hopper',
    ...overrides,
  });

  it('lists with q, role and status filters, sort, paging, total, params and allData', async () => {
    const tag = 'zq' + Math.random().toString(36).slice(2, 7);
    await createUser(t.db, { lastName: `${tag} Alpha`, role: 'ROLE_AGENT' });
    await createUser(t.db, { lastName: `${tag} Beta`, role: 'ROLE_AGENT', status: 'suspended' });
    await createUser(t.db, { lastName: `${tag} Gamma`, role: 'ROLE_STAFF' });
    const res = await call(`/api/users?q=${tag}&sort=lastName&order=desc&pageSize=2`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      users: User[];
      total: number;
      params: Record<string, unknown>;
      allData: User[];
    };
    expect(body.total).toBe(3);
    expect(body.users.map((u) => u.lastName)).toEqual([`${tag} Gamma`, `${tag} Beta`]);
    expect(body.params).toMatchObject({ q: tag, sort: 'lastName', order: 'desc', page: 0, pageSize: 2 });
    expect(body.allData).toEqual([]);
    const withAll = (await (await call(`/api/users?q=${tag}&pageSize=1&allData=true`)).json()) as { allData: User[] };
    expect(withAll.allData.length).toBeGreaterThanOrEqual(4);
    const page2 = (await (await call(`/api/users?q=${tag}&sort=lastName&order=desc&pageSize=2&page=1`)).json()) as {
      users: User[];
    };
    expect(page2.users.map((u) => u.lastName)).toEqual([`${tag} Alpha`]);
    const agents = (await (await call(`/api/users?q=${tag}&role=ROLE_AGENT&status=active`)).json()) as {
      users: User[];
      total: number;
    };
    expect(agents.users.map((u) => u.lastName)).toEqual([`${tag} Alpha`]);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('gives pickers lean options filtered on the server', async () => {
    const agent = await createUser(t.db, { role: 'ROLE_AGENT', lastName: 'Aardvark' });
    const suspended = await createUser(t.db, { role: 'ROLE_AGENT', status: 'suspended' });
    const staff = await createUser(t.db, { role: 'ROLE_STAFF' });
    const res = await call('/api/users/options?role=ROLE_AGENT');
    expect(res.status).toBe(200);
    const { options } = (await res.json()) as { options: Record<string, unknown>[] };
    const ids = options.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([agent.id, suspended.id]));
    expect(ids).not.toContain(staff.id);
    expect(options.every((o) => o.role === 'ROLE_AGENT')).toBe(true);
    expect(Object.keys(options[0] ?? {}).sort()).toEqual(
      ['displayName', 'email', 'firstName', 'id', 'lastName', 'role', 'status'].sort(),
    );
    const active = (await (await call('/api/users/options?role=ROLE_AGENT&status=active')).json()) as {
      options: { id: string }[];
    };
    expect(active.options.map((o) => o.id)).not.toContain(suspended.id);
    expect((await call('/api/users/options?role=ROLE_KING')).status).toBe(400);
  });

  it('treats % and _ in q literally', async () => {
    const body = (await (await call('/api/users?q=%25%25_')).json()) as { total: number };
    expect(body.total).toBe(0);
  });

  it('answers 400 with field errors for bad list params', async () => {
    const res = await call('/api/users?pageSize=1000&sort=passwordHash&role=ROLE_KING');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['pageSize', 'role', 'sort']);
  });

  it('reads one user with the SPEC profile, 404 for an unknown id, 400 for a malformed one', async () => {
    const user = await createUser(t.db, { firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada L.' });
    const res = await call(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'ROLE_STAFF',
      status: 'active',
      profile: { firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada L.' },
    });
    expect((await call('/api/users/0196f0a0-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await call('/api/users/not-a-uuid')).status).toBe(400);
  });

  it('creates a user who must change the temporary password, audited without the password', async () => {
    const input = newUser({ email: 'Mixed.Case@Test.Example' });
    const res = await call('/api/users', { method: 'POST', ...json({ data: input }) });
    expect(res.status).toBe(201);
    const created = (await res.json()) as User;
    expect(created).toMatchObject({
      email: 'mixed.case@test.example',
      displayName: 'Grace Hopper',
      mustChangePassword: true,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.subjectId, created.id)));
    expect(audit).toMatchObject({
      actorUserId: adminId,
      outcome: 'success',
      changes: { email: 'mixed.case@test.example', password: '***' },
    });
    expect(JSON.stringify(audit)).not.toContain(input.password);
    const signIn = await attemptSignIn(t, 'MIXED.case@test.example', input.password);
    expect(signIn.cookie).not.toBe('');
    const session = await (await t.app.request('/api/auth/session', { headers: { cookie: signIn.cookie } })).json();
    expect(session).toMatchObject({ user: { mustChangePassword: true } });
  });

  it('answers 400 with field errors for invalid input and a weak password', async () => {
    const res = await call('/api/users', {
      method: 'POST',
      ...json({ data: newUser({ email: 'nope', password: 'short1', firstName: '' }) }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'firstName', 'password']);
    const noDigit = await call('/api/users', {
      method: 'POST',
      ...json({ data: newUser({ password: 'only-letters-here' }) }),
    });
    expect(((await noDigit.json()) as { errors: Record<string, string[]> }).errors.password).toContain(
      'Include at least one digit',
    );
    expect((await call('/api/users', { method: 'POST', ...json({}) })).status).toBe(400);
    expect(
      (await call('/api/users', { method: 'POST', body: '{oops', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(400);
  });

  it('applies the minPasswordLength setting', async () => {
    await t.db.insert(settings).values({ key: 'minPasswordLength', value: 20 });
    try {
      const res = await call('/api/users', {
        method: 'POST',
        ...json({ data: newUser({ password: 'fifteen-chars-1' }) }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([
        'Use at least 20 characters',
      ]);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'minPasswordLength'));
    }
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const existing = await createUser(t.db);
    const res = await call('/api/users', {
      method: 'POST',
      ...json({ data: newUser({ email: existing.email.toUpperCase() }) }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ errors: { email: ['This email is already used by another user'] } });
  });

  it('lets nobody grant a role above their own', async () => {
    const res = await call('/api/users', { method: 'POST', ...json({ data: newUser({ role: 'ROLE_SUPERADMIN' }) }) });
    expect(res.status).toBe(403);
    const staff = await signInAs(t, 'ROLE_STAFF');
    const byStaff = await call(
      '/api/users',
      { method: 'POST', ...json({ data: newUser({ role: 'ROLE_ADMIN' }) }) },
      staff.cookie,
    );
    expect(byStaff.status).toBe(403);
    const sameRank = await call(
      '/api/users',
      { method: 'POST', ...json({ data: newUser({ role: 'ROLE_STAFF' }) }) },
      staff.cookie,
    );
    expect(sameRank.status).toBe(201);
  });

  it('gives the agent 403 on every users route', async () => {
    const agent = await signInAs(t, 'ROLE_AGENT');
    expect((await call('/api/users', {}, agent.cookie)).status).toBe(403);
    expect((await call(`/api/users/${agent.user.id}`, {}, agent.cookie)).status).toBe(403);
    expect((await call('/api/users', { method: 'POST', ...json({ data: newUser() }) }, agent.cookie)).status).toBe(403);
  });

  it('soft-deletes: gone from reads and lists, sessions ended, email free again, audited', async () => {
    const target = await signInAs(t, 'ROLE_STAFF');
    const res = await call(`/api/users/${target.user.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await call(`/api/users/${target.user.id}`)).status).toBe(404);
    expect((await call(`/api/users/${target.user.id}`, { method: 'DELETE' })).status).toBe(404);
    const list = (await (await call(`/api/users?q=${encodeURIComponent(target.user.email)}&allData=true`)).json()) as {
      total: number;
      allData: User[];
    };
    expect(list.total).toBe(0);
    expect(list.allData.some((u) => u.id === target.user.id)).toBe(false);
    expect((await t.app.request('/api/me', { headers: { cookie: target.cookie } })).status).toBe(401);
    expect((await attemptSignIn(t, target.user.email, target.user.password)).code).toBe('invalid_credentials');
    const again = await call('/api/users', {
      method: 'POST',
      ...json({ data: newUser({ email: target.user.email }) }),
    });
    expect(again.status).toBe(201);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.subjectId, target.user.id)));
    expect(audit).toMatchObject({ actorUserId: adminId, changes: { sessionsEnded: 1 } });
  });

  it('refuses to delete yourself, or a user above your role', async () => {
    expect((await call(`/api/users/${adminId}`, { method: 'DELETE' })).status).toBe(409);
    const boss = await createUser(t.db, { role: 'ROLE_SUPERADMIN' });
    expect((await call(`/api/users/${boss.id}`, { method: 'DELETE' })).status).toBe(403);
  });
});
