import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jsonClient } from '../test/json-client.ts';
import { cookieHeader, createUser, signIn, signInAs, TEST_PASSWORD } from '../test/sign-in.ts';
import { SessionCache } from './session-cache.ts';
import type { ActiveSession } from './session-store.ts';

const me = async (t: TestApp, cookie: string) => (await t.app.request('/api/me', { headers: { cookie } })).status;

/**
 * Decision 027: the session check is cached in the process for SESSION_CACHE_MS. The cache is on
 * here with a TTL far longer than a test, so every refusal below comes from the invalidation, not
 * from the entry expiring.
 */
describe('session cache: revocation in this process takes effect at the next request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionCacheMs: 10 * 60_000 } });
  });
  afterAll(() => t.close());

  it('reuses the check: a change written straight to the database (another process) is not seen at once', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    expect(await me(t, cookie)).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect(await me(t, cookie)).toBe(200); // cached: within the bound
  });

  it('sign-out ends the session at once', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    expect(await me(t, cookie)).toBe(200);
    const csrf = await t.app.request('/api/auth/csrf', { headers: { cookie } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await t.app.request('/api/auth/signout', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-auth-return-redirect': '1',
        cookie: `${cookie}; ${cookieHeader(csrf)}`,
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: 'http://localhost/' }),
    });
    expect(res.status).toBe(200);
    expect(await me(t, cookie)).toBe(401);
  });

  it('an administrator ending one session, or all of them, or suspending the user: refused at the next request', async () => {
    const admin = await signInAs(t, 'ROLE_SUPERADMIN');
    const api = jsonClient(t, admin.cookie);
    const user = await createUser(t.db);
    const first = await signIn(t, user.email);
    const second = await signIn(t, user.email);
    expect([await me(t, first), await me(t, second)]).toEqual([200, 200]);

    const listed = await api.get<{ sessions: { id: string }[] }>(`/api/users/${user.id}/sessions`);
    const [one] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    expect(listed.body.sessions.map((s) => s.id)).toContain(one!.id);
    expect((await api.delete(`/api/users/${user.id}/sessions/${one!.id}`)).status).toBe(204);
    const statuses = [await me(t, first), await me(t, second)].sort();
    expect(statuses).toEqual([200, 401]);

    expect((await api.delete(`/api/users/${user.id}/sessions`)).status).toBe(204);
    expect([await me(t, first), await me(t, second)]).toEqual([401, 401]);

    const third = await signIn(t, user.email);
    expect(await me(t, third)).toBe(200);
    const current = await api.get<{ updatedAt: string }>(`/api/users/${user.id}`);
    const suspend = await api.patch(`/api/users/${user.id}`, {
      status: 'suspended',
      updatedAt: current.body.updatedAt,
    });
    expect(suspend.status).toBe(200);
    expect(await me(t, third)).toBe(401);
  });

  it('a password change ends the other sessions and lifts the temporary-password block of this one at once', async () => {
    const user = await createUser(t.db, { mustChangePassword: true });
    const here = await signIn(t, user.email);
    const elsewhere = await signIn(t, user.email);
    expect((await t.app.request('/api/users', { headers: { cookie: here } })).status).toBe(403);
    expect(await me(t, elsewhere)).toBe(200);
    const changed = await jsonClient(t, here).post('/api/me/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-pass-99',
    });
    expect(changed.status).toBe(204);
    expect(await me(t, elsewhere)).toBe(401);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('ROLE_STAFF');
    expect((await t.app.request('/api/merchants', { headers: { cookie: here } })).status).not.toBe(403);
  });
});

describe('session cache: the bound for changes made elsewhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionCacheMs: 150 } });
  });
  afterAll(() => t.close());

  it('sees a suspension written straight to the database once the TTL has passed', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    expect(await me(t, cookie)).toBe(200);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await me(t, cookie)).toBe(401);
  });
});

describe('SessionCache', () => {
  const at = new Date('2026-11-23T10:00:00Z');
  const session = (overrides: Partial<ActiveSession> = {}): ActiveSession => ({
    sessionId: 's1',
    expiresAt: new Date(at.getTime() + 3_600_000),
    lastSeenAt: at,
    idleMs: 60_000,
    user: {
      id: 'u1',
      email: 'a@example.com',
      role: 'ROLE_STAFF',
      firstName: 'A',
      lastName: 'B',
      displayName: '',
      image: null,
      mustChangePassword: false,
      mustEnrollMfa: false,
    },
    ...overrides,
  });

  it('keeps a session for ttlMs of its clock, then reads again', () => {
    let clock = 0;
    const cache = new SessionCache(1000, () => clock);
    cache.storeSession(session(), cache.epoch);
    expect(cache.session('s1', at)?.sessionId).toBe('s1');
    clock = 999;
    expect(cache.session('s1', at)).toBeDefined();
    clock = 1000;
    expect(cache.session('s1', at)).toBeUndefined();
  });

  it('does not store a read that began before an invalidation', () => {
    const cache = new SessionCache(1000, () => 0);
    const epoch = cache.epoch;
    cache.invalidate(); // a write was answered while the row was being read
    cache.storeSession(session(), epoch);
    expect(cache.session('s1', at)).toBeUndefined();
    cache.storeSession(session(), cache.epoch);
    expect(cache.session('s1', at)).toBeDefined();
    cache.invalidate();
    expect(cache.session('s1', at)).toBeUndefined();
  });

  it('does not answer from the cache past the idle timeout or the absolute expiry', () => {
    const cache = new SessionCache(60_000, () => 0);
    cache.storeSession(session(), cache.epoch);
    expect(cache.session('s1', new Date(at.getTime() + 60_001))).toBeUndefined();
    cache.storeSession(session({ expiresAt: new Date(at.getTime() + 10) }), cache.epoch);
    expect(cache.session('s1', new Date(at.getTime() + 10))).toBeUndefined();
  });

  it('stores nothing with a TTL of 0; keeps a cookie only until its token expires', () => {
    const off = new SessionCache(0, () => 0);
    off.storeSession(session(), off.epoch);
    expect(off.session('s1', at)).toBeUndefined();
    off.storeToken('c=1', { sid: 's1', sub: 'u1', expiresAtMs: Date.now() + 60_000 });
    expect(off.token('c=1')?.sid).toBe('s1');
    off.storeToken('c=2', { sid: 's1', sub: 'u1', expiresAtMs: Date.now() - 1 });
    expect(off.token('c=2')).toBeUndefined();
  });
});
