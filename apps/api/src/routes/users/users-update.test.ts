import type { User, UserSession } from '@boardwalk/shared/schemas/user';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attemptSignIn, createUser, signIn, signInAs } from '../../test/sign-in.ts';

const patch = (body: unknown) => ({
  method: 'PATCH',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

describe('users API: update rules and sessions', () => {
  let t: TestApp;
  let admin: string;
  const call = (path: string, init: RequestInit = {}, cookie = admin) =>
    t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  const me = async (cookie: string) => (await t.app.request('/api/me', { headers: { cookie } })).status;
  /** A PATCH with the row's stored updatedAt, as the web app sends it (without one it is a 428). */
  const current = async (id: string, body: Record<string, unknown>) => {
    const [row] = await t.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, id));
    return patch({ updatedAt: row?.updatedAt.toISOString(), ...body });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAs(t, 'ROLE_ADMIN')).cookie;
  });
  afterAll(() => t.close());

  it('updates the given fields only and audits what changed', async () => {
    const user = await createUser(t.db, { firstName: 'Old', lastName: 'Name', phone: '555 0100' });
    t.clock.advance(1000);
    const res = await call(
      `/api/users/${user.id}`,
      await current(user.id, { firstName: 'New', lastName: 'Name', id: user.id }),
    );
    expect(res.status).toBe(200);
    const updated = (await res.json()) as User;
    expect(updated).toMatchObject({
      firstName: 'New',
      lastName: 'Name',
      phone: '555 0100',
      profile: { firstName: 'New' },
    });
    expect(new Date(updated.updatedAt).getTime()).toBe(t.clock.now().getTime());
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.subjectId, user.id)));
    expect(audit?.changes).toEqual({ firstName: { from: 'Old', to: 'New' }, sessionsEnded: 0 });
  });

  it('answers 409 to a stale update, 404 to an unknown id, 409 to a taken email', async () => {
    const user = await createUser(t.db);
    const loaded = (await (await call(`/api/users/${user.id}`)).json()) as User;
    // The row was stamped by the database's clock; move the app's clock past it.
    t.clock.set(new Date(Math.max(Date.now(), t.clock.now().getTime()) + 1000));
    expect(
      (await call(`/api/users/${user.id}`, patch({ firstName: 'First', updatedAt: loaded.updatedAt }))).status,
    ).toBe(200);
    const stale = await call(`/api/users/${user.id}`, patch({ firstName: 'Second', updatedAt: loaded.updatedAt }));
    expect(stale.status).toBe(409);
    expect((await call('/api/users/0196f0a0-0000-7000-8000-000000000000', patch({ firstName: 'X' }))).status).toBe(404);
    const other = await createUser(t.db);
    const taken = await call(`/api/users/${user.id}`, await current(user.id, { email: other.email.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect((await call(`/api/users/${user.id}`, await current(user.id, { status: 'gone' }))).status).toBe(400);
  });

  it('answers 428 to an update without updatedAt and changes nothing', async () => {
    const user = await createUser(t.db, { firstName: 'Kept' });
    t.clock.advance(1000);
    const blind = await call(`/api/users/${user.id}`, patch({ firstName: 'Blind' }));
    expect(blind.status).toBe(428);
    expect(await blind.json()).toMatchObject({
      title: 'Precondition Required',
      code: 'precondition_required',
      errors: { updatedAt: [expect.any(String)] },
    });
    expect(((await (await call(`/api/users/${user.id}`)).json()) as User).firstName).toBe('Kept');
  });

  it('answers 400 with an id field error when the body names another user, as every entity does', async () => {
    const user = await createUser(t.db, { firstName: 'Kept' });
    const other = await createUser(t.db);
    const res = await call(`/api/users/${user.id}`, await current(user.id, { id: other.id, firstName: 'Changed' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.id).toBeDefined();
    expect(((await (await call(`/api/users/${user.id}`)).json()) as User).firstName).toBe('Kept');
    expect(
      (await call(`/api/users/${user.id}`, await current(user.id, { id: user.id, firstName: 'Same id' }))).status,
    ).toBe(200);
  });

  it('suspension ends the user’s sessions; reactivation lets them sign in again', async () => {
    const target = await signInAs(t, 'ROLE_STAFF');
    expect(await me(target.cookie)).toBe(200);
    expect(
      (await call(`/api/users/${target.user.id}`, await current(target.user.id, { status: 'suspended' }))).status,
    ).toBe(200);
    expect(await me(target.cookie)).toBe(401);
    expect((await attemptSignIn(t, target.user.email, target.user.password)).code).toBe('suspended');
    expect(
      (await call(`/api/users/${target.user.id}`, await current(target.user.id, { status: 'active' }))).status,
    ).toBe(200);
    expect(await me(await signIn(t, target.user.email))).toBe(200);
  });

  it('a role change ends the user’s sessions', async () => {
    const target = await signInAs(t, 'ROLE_STAFF');
    expect(
      (await call(`/api/users/${target.user.id}`, await current(target.user.id, { role: 'ROLE_AGENT' }))).status,
    ).toBe(200);
    expect(await me(target.cookie)).toBe(401);
    const fresh = await signIn(t, target.user.email);
    expect((await call('/api/users', {}, fresh)).status).toBe(403);
  });

  it('an admin-set temporary password ends sessions and must be changed', async () => {
    const target = await signInAs(t, 'ROLE_STAFF');
    const res = await call(
      `/api/users/${target.user.id}`,
      await current(target.user.id, { password: 'temporary-pass-777' }),
    );
    expect(((await res.json()) as User).mustChangePassword).toBe(true);
    expect(await me(target.cookie)).toBe(401);
    expect((await attemptSignIn(t, target.user.email, target.user.password)).code).toBe('invalid_credentials');
    expect((await attemptSignIn(t, target.user.email, 'temporary-pass-777')).cookie).not.toBe('');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.subjectId, target.user.id)));
    expect(audit?.changes).toMatchObject({
      password: '***',
      mustChangePassword: { from: false, to: true },
      sessionsEnded: 1,
    });
    expect(JSON.stringify(audit)).not.toContain('temporary-pass-777');
  });

  it('nobody edits a user above their role or grants a role above their own', async () => {
    const boss = await createUser(t.db, { role: 'ROLE_SUPERADMIN' });
    const onBoss = await call(`/api/users/${boss.id}`, await current(boss.id, { firstName: 'Nope' }));
    expect(onBoss.status).toBe(403);
    // The reason is the shared rule's (the web app shows the same), in words: no ROLE_ code.
    expect((await onBoss.json()).detail).toBe('Your role may not change a superadmin.');
    const staff = await createUser(t.db);
    const grant = await call(`/api/users/${staff.id}`, await current(staff.id, { role: 'ROLE_SUPERADMIN' }));
    expect(grant.status).toBe(403);
    expect((await grant.json()).detail).toBe('Your role may not make anyone superadmin.');
    expect((await call(`/api/users/${staff.id}`, await current(staff.id, { role: 'ROLE_ADMIN' }))).status).toBe(200);
  });

  it('keeps the last active superadmin: no suspension, demotion or deletion of them', async () => {
    const a = await signInAs(t, 'ROLE_SUPERADMIN');
    const b = await createUser(t.db, { role: 'ROLE_SUPERADMIN' });
    // Make a and b the only active superadmins for this test; the others come back after.
    const others = await t.db
      .update(users)
      .set({ status: 'suspended' })
      .where(
        and(eq(users.role, 'ROLE_SUPERADMIN'), eq(users.status, 'active'), ne(users.id, a.user.id), ne(users.id, b.id)),
      )
      .returning({ id: users.id });
    try {
      expect((await call(`/api/users/${b.id}`, await current(b.id, { status: 'suspended' }), a.cookie)).status).toBe(
        200,
      );
      const demoteSelf = await call(
        `/api/users/${a.user.id}`,
        await current(a.user.id, { role: 'ROLE_ADMIN' }),
        a.cookie,
      );
      expect(demoteSelf.status).toBe(409);
      expect(((await demoteSelf.json()) as { detail: string }).detail).toContain('last active superadmin');
      expect(
        (await call(`/api/users/${a.user.id}`, await current(a.user.id, { status: 'suspended' }), a.cookie)).status,
      ).toBe(409);
      expect((await call(`/api/users/${a.user.id}`, { method: 'DELETE' }, a.cookie)).status).toBe(409);
      expect((await call(`/api/users/${b.id}`, await current(b.id, { status: 'active' }), a.cookie)).status).toBe(200);
      expect(
        (await call(`/api/users/${a.user.id}`, await current(a.user.id, { role: 'ROLE_ADMIN' }), a.cookie)).status,
      ).toBe(200);
    } finally {
      if (others.length)
        await t.db
          .update(users)
          .set({ status: 'active' })
          .where(
            inArray(
              users.id,
              others.map((o) => o.id),
            ),
          );
    }
  });

  it('lists a user’s sessions and ends one or all', async () => {
    const target = await createUser(t.db);
    const first = await signIn(t, target.email);
    const second = await signIn(t, target.email);
    const listed = await call(`/api/users/${target.id}/sessions`);
    const { sessions } = (await listed.json()) as { sessions: UserSession[] };
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => !s.current)).toBe(true);
    const firstId = await sessionIdOf(first);
    expect((await call(`/api/users/${target.id}/sessions/${firstId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/api/users/${target.id}/sessions/${firstId}`, { method: 'DELETE' })).status).toBe(404);
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(200);
    expect((await call(`/api/users/${target.id}/sessions`, { method: 'DELETE' })).status).toBe(204);
    expect(await me(second)).toBe(401);
    const after = (await (await call(`/api/users/${target.id}/sessions`)).json()) as { sessions: UserSession[] };
    expect(after.sessions).toEqual([]);
  });

  it('marks the caller’s own session as current', async () => {
    const self = await signInAs(t, 'ROLE_ADMIN');
    const { sessions } = (await (await call(`/api/users/${self.user.id}/sessions`, {}, self.cookie)).json()) as {
      sessions: UserSession[];
    };
    expect(sessions.map((s) => s.current)).toEqual([true]);
  });

  async function sessionIdOf(cookie: string): Promise<string> {
    const target = await call('/api/me', {}, cookie);
    const user = (await target.json()) as User;
    const { sessions } = (await (await call(`/api/users/${user.id}/sessions`, {}, cookie)).json()) as {
      sessions: UserSession[];
    };
    const current = sessions.find((s) => s.current);
    if (!current) throw new Error('no current session');
    return current.id;
  }
});
