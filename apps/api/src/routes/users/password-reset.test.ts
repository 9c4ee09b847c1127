import type { User } from '@boardwalk/shared/schemas/user';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { passwordHistory } from '../../db/schema/password-history.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attemptSignIn, signInAs, TEST_PASSWORD } from '../../test/sign-in.ts';

const json = (method: string, body: unknown) => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

/** Account takeover among peers: a password set by someone else is always temporary. */
describe('users API: password resets', () => {
  let t: TestApp;
  const call = (path: string, init: RequestInit, cookie: string) =>
    t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  /** PATCH /api/users/{id} with the updatedAt it reads, as the web app does (without it: 428). */
  const patchUser = async (id: string, body: Record<string, unknown>, cookie: string) => {
    const [row] = await t.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, id));
    return call(`/api/users/${id}`, json('PATCH', { updatedAt: row?.updatedAt.toISOString(), ...body }), cookie);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a peer reset: admin → admin, staff → staff, nor one’s own password here', async () => {
    const admin = await signInAs(t, 'ROLE_ADMIN');
    const peer = await signInAs(t, 'ROLE_ADMIN');
    const res = await patchUser(
      peer.user.id,
      { password: 'takeover-pass-123', mustChangePassword: true },
      admin.cookie,
    );
    expect(res.status).toBe(403);
    expect((await attemptSignIn(t, peer.user.email, 'takeover-pass-123')).code).toBe('invalid_credentials');
    expect((await t.app.request('/api/me', { headers: { cookie: peer.cookie } })).status).toBe(200);

    const staff = await signInAs(t, 'ROLE_STAFF');
    const staffPeer = await signInAs(t, 'ROLE_STAFF');
    const byStaff = await patchUser(staffPeer.user.id, { password: 'takeover-pass-123' }, staff.cookie);
    expect(byStaff.status).toBe(403);
    const own = await patchUser(admin.user.id, { password: 'my-own-pass-456' }, admin.cookie);
    expect(own.status).toBe(403);
  });

  it('never lets mustChangePassword be switched off, on update or on create', async () => {
    const superadmin = await signInAs(t, 'ROLE_SUPERADMIN');
    const target = await signInAs(t, 'ROLE_ADMIN');
    const off = await patchUser(
      target.user.id,
      { password: 'takeover-pass-123', mustChangePassword: false },
      superadmin.cookie,
    );
    expect(off.status).toBe(400);
    expect(Object.keys(((await off.json()) as { errors: object }).errors)).toEqual(['mustChangePassword']);
    const create = await call(
      '/api/users',
      json('POST', {
        data: {
          email: 'no-temp@test.example',
          password: 'chosen-by-admin-77',
          role: 'ROLE_STAFF',
          firstName: 'No',
          lastName: 'Temp',
          mustChangePassword: false,
        },
      }),
      superadmin.cookie,
    );
    expect(create.status).toBe(400);
    expect(Object.keys(((await create.json()) as { errors: object }).errors)).toEqual(['mustChangePassword']);
  });

  it('a higher role resets: temporary, sessions ended, audited', async () => {
    const superadmin = await signInAs(t, 'ROLE_SUPERADMIN');
    const target = await signInAs(t, 'ROLE_ADMIN');
    const res = await patchUser(target.user.id, { password: 'reset-by-boss-321' }, superadmin.cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as User).mustChangePassword).toBe(true);
    expect((await t.app.request('/api/me', { headers: { cookie: target.cookie } })).status).toBe(401);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.subjectId, target.user.id)));
    expect(audit).toMatchObject({ actorUserId: superadmin.user.id, outcome: 'success' });
    expect(audit?.changes).toMatchObject({ password: '***', sessionsEnded: 1 });
    const signedIn = await attemptSignIn(t, target.user.email, 'reset-by-boss-321');
    const session = await (await t.app.request('/api/auth/session', { headers: { cookie: signedIn.cookie } })).json();
    expect(session).toMatchObject({ user: { mustChangePassword: true } });
  });

  it('refuses any of the last 5 passwords, on a reset and on one’s own change (PCI 8.3.7)', async () => {
    const superadmin = await signInAs(t, 'ROLE_SUPERADMIN');
    const target = await signInAs(t, 'ROLE_STAFF');
    const reset = (password: string) => patchUser(target.user.id, { password }, superadmin.cookie);
    // The current password is part of the history.
    const current = await reset(TEST_PASSWORD);
    expect(current.status).toBe(400);
    expect(Object.keys(((await current.json()) as { errors: object }).errors)).toEqual(['password']);

    // The user goes through passwords 1..5 (the reset one, then four own changes).
    expect((await reset('history-pass-001')).status).toBe(200);
    let cookie = (await attemptSignIn(t, target.user.email, 'history-pass-001')).cookie;
    let previous = 'history-pass-001';
    for (const next of ['history-pass-002', 'history-pass-003', 'history-pass-004', 'history-pass-005']) {
      const res = await call(
        '/api/me/password',
        json('POST', { currentPassword: previous, newPassword: next }),
        cookie,
      );
      expect(res.status, next).toBe(204);
      previous = next;
    }
    const reused = await call(
      '/api/me/password',
      json('POST', { currentPassword: previous, newPassword: 'history-pass-002' }),
      cookie,
    );
    expect(reused.status).toBe(400);
    expect(Object.keys(((await reused.json()) as { errors: object }).errors)).toEqual(['newPassword']);
    expect((await reset('history-pass-001')).status).toBe(400);
    // Five newer passwords push TEST_PASSWORD out of the history: it may come back.
    cookie = (await attemptSignIn(t, target.user.email, previous)).cookie;
    const back = await call(
      '/api/me/password',
      json('POST', { currentPassword: previous, newPassword: TEST_PASSWORD }),
      cookie,
    );
    expect(back.status).toBe(204);
    const kept = await t.db.select().from(passwordHistory).where(eq(passwordHistory.userId, target.user.id));
    expect(kept).toHaveLength(5);
  });
});
