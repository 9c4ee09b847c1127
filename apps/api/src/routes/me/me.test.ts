import { UI_SETTINGS_DEFAULTS } from '@boardwalk/shared';
import type { User } from '@boardwalk/shared/schemas/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attemptSignIn, createUser, signIn, signInAs, TEST_PASSWORD } from '../../test/sign-in.ts';

const send = (method: string, body: unknown, cookie: string) => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', cookie },
});

describe('the caller’s own record: /api/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the caller’s user record, for every role including the agent', async () => {
    const { user, cookie } = await signInAs(t, 'ROLE_AGENT');
    const res = await t.app.request('/api/me', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'ROLE_AGENT',
    } satisfies Partial<User>);
  });

  it('gives UI settings with defaults, merges a partial PUT, and refuses bad values', async () => {
    const { cookie } = await signInAs(t, 'ROLE_STAFF');
    const initial = await (await t.app.request('/api/me/settings', { headers: { cookie } })).json();
    expect(initial).toEqual(UI_SETTINGS_DEFAULTS);
    const put = await t.app.request('/api/me/settings', send('PUT', { mode: 'dark', lastSearches: ['acme'] }, cookie));
    expect(put.status).toBe(200);
    const second = await t.app.request(
      '/api/me/settings',
      send('PUT', { columnVisibility: { users: { email: false } } }, cookie),
    );
    expect(await second.json()).toEqual({
      ...UI_SETTINGS_DEFAULTS,
      mode: 'dark',
      lastSearches: ['acme'],
      columnVisibility: { users: { email: false } },
    });
    const bad = await t.app.request('/api/me/settings', send('PUT', { mode: 'neon', unknownKey: 1 }, cookie));
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual(['mode', 'unknownKey']);
    const tooMany = await t.app.request(
      '/api/me/settings',
      send('PUT', { lastSearches: ['1', '2', '3', '4', '5', '6'] }, cookie),
    );
    expect(tooMany.status).toBe(400);
  });

  it('falls back to defaults for stored values that no longer validate', async () => {
    const { user, cookie } = await signInAs(t, 'ROLE_STAFF');
    await t.db
      .update(users)
      .set({ uiSettings: { mode: 'neon', skin: 'bordered' } })
      .where(eq(users.id, user.id));
    const body = await (await t.app.request('/api/me/settings', { headers: { cookie } })).json();
    expect(body).toMatchObject({ mode: 'light', skin: 'bordered' });
  });

  it('changes the password: checks the current one and the policy, ends other sessions', async () => {
    const user = await createUser(t.db, { mustChangePassword: true });
    const here = await signIn(t, user.email);
    const elsewhere = await signIn(t, user.email);
    const wrong = await t.app.request(
      '/api/me/password',
      send('POST', { currentPassword: 'not-it-123456', newPassword: 'brand-new-pass-99' }, here),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errors: { currentPassword: ['The current password is not correct'] } });
    const weak = await t.app.request(
      '/api/me/password',
      send('POST', { currentPassword: TEST_PASSWORD, newPassword: 'short' }, here),
    );
    expect(weak.status).toBe(400);
    expect(Object.keys(((await weak.json()) as { errors: object }).errors)).toEqual(['newPassword']);
    const same = await t.app.request(
      '/api/me/password',
      send('POST', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, here),
    );
    expect(same.status).toBe(400);
    const ok = await t.app.request(
      '/api/me/password',
      send('POST', { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass-99' }, here),
    );
    expect(ok.status).toBe(204);
    expect((await t.app.request('/api/me', { headers: { cookie: here } })).status).toBe(200);
    expect((await t.app.request('/api/me', { headers: { cookie: elsewhere } })).status).toBe(401);
    const session = await (await t.app.request('/api/auth/session', { headers: { cookie: here } })).json();
    expect(session).toMatchObject({ user: { mustChangePassword: false } });
    expect((await attemptSignIn(t, user.email, TEST_PASSWORD)).code).toBe('invalid_credentials');
    expect((await attemptSignIn(t, user.email, 'brand-new-pass-99')).cookie).not.toBe('');
  });

  it('allows only /api/me and the password change until a temporary password is replaced', async () => {
    const user = await createUser(t.db, { mustChangePassword: true });
    const cookie = await signIn(t, user.email);
    const blocked = await t.app.request('/api/users', { headers: { cookie } });
    expect(blocked.status).toBe(403);
    const { detail } = (await blocked.json()) as { detail: string };
    expect(detail).toContain('temporary password');
    expect(detail).not.toMatch(/\/api\/|POST|ROLE_/); // shown to the user: no API path
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(200);
    expect((await t.app.request('/api/me/settings', { headers: { cookie } })).status).toBe(200);
    const change = await t.app.request(
      '/api/me/password',
      send('POST', { currentPassword: TEST_PASSWORD, newPassword: 'my-own-pass-2024' }, cookie),
    );
    expect(change.status).toBe(204);
    expect((await t.app.request('/api/users', { headers: { cookie } })).status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.app.request('/api/me/settings')).status).toBe(401);
    expect((await t.app.request('/api/me/password', { method: 'POST', body: '{}' })).status).toBe(401);
  });
});
