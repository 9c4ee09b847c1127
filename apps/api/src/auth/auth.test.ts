import { LOCKOUT_THRESHOLD } from '@boardwalk/shared';
import type { SessionData } from '@boardwalk/shared/schemas/user';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { sessions } from '../db/schema/sessions.ts';
import { settings } from '../db/schema/settings.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { attemptSignIn, cookieHeader, createUser, signIn, TEST_PASSWORD } from '../test/sign-in.ts';

const MINUTE = 60_000;

async function session(t: TestApp, cookie: string): Promise<SessionData> {
  const res = await t.app.request('/api/auth/session', { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionData;
}

async function me(t: TestApp, cookie: string): Promise<number> {
  return (await t.app.request('/api/me', { headers: { cookie } })).status;
}

async function auditRows(t: TestApp, action: string, subjectId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
}

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the right password and reports the session', async () => {
    const user = await createUser(t.db, {
      role: 'ROLE_ADMIN',
      displayName: 'Ada Admin',
      email: 'Ada.Admin@Test.example',
    });
    const cookie = await signIn(t, 'ada.admin@test.example');
    const data = await session(t, cookie);
    expect(data?.user).toEqual({
      id: user.id,
      email: 'Ada.Admin@Test.example',
      name: 'Ada Admin',
      role: 'ROLE_ADMIN',
      image: null,
      mustChangePassword: false,
      mustEnrollMfa: false,
    });
    expect(new Date(data!.expires).getTime()).toBeCloseTo(t.clock.now().getTime() + 12 * 60 * MINUTE, -4);
    expect(await me(t, cookie)).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).not.toBeNull();
    expect(await auditRows(t, 'auth.sign_in', user.id)).toMatchObject([{ outcome: 'success', actorUserId: user.id }]);
  });

  it('answers null for no session and 401 from the API', async () => {
    expect(await session(t, '')).toBeNull();
    expect(await me(t, '')).toBe(401);
    expect(await me(t, 'authjs.session-token=garbage')).toBe(401);
  });

  it('refuses a wrong password and an unknown email with invalid_credentials, audited', async () => {
    const user = await createUser(t.db);
    const wrong = await attemptSignIn(t, user.email, 'wrong-password-123');
    expect(wrong).toMatchObject({ code: 'invalid_credentials', cookie: '' });
    expect(new URL(wrong.url).pathname).toBe('/login');
    expect(new URL(wrong.url).searchParams.get('error')).toBe('CredentialsSignin');
    expect(await auditRows(t, 'auth.sign_in', user.id)).toMatchObject([
      { outcome: 'failure', changes: { reason: 'invalid_credentials' } },
    ]);
    const unknown = await attemptSignIn(t, 'nobody@test.example', TEST_PASSWORD);
    expect(unknown.code).toBe('invalid_credentials');
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.actorLabel, 'nobody@test.example'));
    expect(row).toMatchObject({ outcome: 'failure', actorUserId: null });
  });

  it(`locks the account for 30 minutes after ${LOCKOUT_THRESHOLD} failures`, async () => {
    const user = await createUser(t.db);
    const codes: (string | null)[] = [];
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++)
      codes.push((await attemptSignIn(t, user.email, `wrong-password-${i}`)).code);
    expect(codes.slice(0, -1).every((c) => c === 'invalid_credentials')).toBe(true);
    expect(codes.at(-1)).toBe('locked');
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('locked');
    expect(await auditRows(t, 'auth.lock_out', user.id)).toHaveLength(1);
    t.clock.advance(29 * MINUTE);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('locked');
    t.clock.advance(2 * MINUTE);
    const ok = await attemptSignIn(t, user.email, TEST_PASSWORD);
    expect(ok.code).toBeNull();
    expect(ok.cookie).toContain('authjs.session-token=');
  });

  it('tells a suspended user so only when the password is right', async () => {
    const user = await createUser(t.db, { status: 'suspended' });
    expect((await attemptSignIn(t, user.email, 'wrong-password-123')).code).toBe('invalid_credentials');
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('suspended');
  });

  it('ends the session after the idle timeout, and activity keeps it alive', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    t.clock.advance(14 * MINUTE);
    expect(await me(t, cookie)).toBe(200); // activity: last seen moves on
    t.clock.advance(14 * MINUTE);
    expect((await session(t, cookie))?.user.id).toBe(user.id);
    t.clock.advance(16 * MINUTE);
    expect(await me(t, cookie)).toBe(401);
    expect(await session(t, cookie)).toBeNull();
  });

  it('uses the sessionIdleMinutes setting', async () => {
    // 10 is within the PCI bound (1-15) and below the default 15, so 11 idle minutes tell them apart.
    await t.db.insert(settings).values({ key: 'sessionIdleMinutes', value: 10 });
    try {
      const user = await createUser(t.db);
      const cookie = await signIn(t, user.email);
      t.clock.advance(8 * MINUTE);
      expect(await me(t, cookie)).toBe(200);
      t.clock.advance(11 * MINUTE);
      expect(await me(t, cookie)).toBe(401);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'sessionIdleMinutes'));
    }
  });

  it('ends an active session after 12 hours', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    for (let elapsed = 0; elapsed < 11 * 60 + 50; elapsed += 10) {
      t.clock.advance(10 * MINUTE);
      expect(await me(t, cookie)).toBe(200);
    }
    t.clock.advance(10 * MINUTE);
    expect(await me(t, cookie)).toBe(401);
    expect(await session(t, cookie)).toBeNull();
  });

  it('revokes the session on sign-out: a copy of the old cookie is refused', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
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
    expect(await res.json()).toEqual({ url: 'http://localhost/' });
    expect(await me(t, cookie)).toBe(401);
    expect(await session(t, cookie)).toBeNull();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedAt).not.toBeNull();
    expect(await auditRows(t, 'auth.sign_out', row!.id)).toMatchObject([{ actorUserId: user.id, outcome: 'success' }]);
  });

  it('refuses the session of a user suspended or deleted meanwhile', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect(await me(t, cookie)).toBe(401);
    const other = await createUser(t.db);
    const otherCookie = await signIn(t, other.email);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.id));
    expect(await session(t, otherCookie)).toBeNull();
  });

  it('refuses a POST without the CSRF token', async () => {
    const user = await createUser(t.db);
    const res = await t.app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({ email: user.email, password: TEST_PASSWORD, csrfToken: 'forged' }),
    });
    expect(
      res.headers
        .getSetCookie()
        .some((c) => c.startsWith('authjs.session-token=') && !c.startsWith('authjs.session-token=;')),
    ).toBe(false);
    expect(((await res.json()) as { url: string }).url).toContain('error=MissingCSRF');
  });

  it('updates the session on POST session (CSRF-checked) and redirects signin/error pages to /login', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const csrf = await t.app.request('/api/auth/csrf', { headers: { cookie } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const update = await t.app.request('/api/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${cookie}; ${cookieHeader(csrf)}` },
      body: JSON.stringify({ csrfToken, data: { anything: 1 } }),
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({ user: { id: user.id } });
    const forged = await t.app.request('/api/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ csrfToken: 'forged', data: {} }),
    });
    expect(forged.status).toBe(400);
    const signin = await t.app.request('/api/auth/signin');
    expect(signin.status).toBe(302);
    expect(new URL(signin.headers.get('location')!, 'http://localhost').pathname).toBe('/login');
    const error = await t.app.request('/api/auth/error?error=Configuration');
    expect(error.status).toBe(302);
    const errorTarget = new URL(error.headers.get('location')!, 'http://localhost');
    expect(errorTarget.pathname).toBe('/login');
    expect(errorTarget.searchParams.get('error')).toBe('Configuration');
  });

  it('serves providers and csrf, and takes client log entries', async () => {
    const providers = await (await t.app.request('/api/auth/providers')).json();
    expect(providers).toMatchObject({ credentials: { id: 'credentials', type: 'credentials' } });
    const log = await t.app.request('/api/auth/_log', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'error', code: 'CLIENT_FETCH_ERROR', details: { url: '/api/auth/session' } }),
    });
    expect(log.status).toBe(204);
    const form = await t.app.request('/api/auth/_log', {
      method: 'POST',
      body: new URLSearchParams({ level: 'warn', code: 'CLIENT_SESSION_ERROR', details: '{"a":1}' }),
    });
    expect(form.status).toBe(204);
    const bad = await t.app.request('/api/auth/_log', {
      method: 'POST',
      body: new URLSearchParams({ level: 'shout' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('sign-in rate limit per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers rate_limited after 20 failures in 5 minutes, even to the right password', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 20; i++) {
      const other = await createUser(t.db);
      expect((await attemptSignIn(t, other.email, 'wrong-password-123')).code).toBe('invalid_credentials');
    }
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('rate_limited');
    t.clock.advance(5 * MINUTE + 1000);
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBeNull();
  });
});
