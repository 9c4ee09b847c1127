import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { cookieHeader, createUser, TEST_PASSWORD } from '../test/sign-in.ts';

describe('session cookie behind an HTTPS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } }); // the proxy's X-Forwarded-Proto is believed
  });
  afterAll(() => t.close());

  it('is __Host- prefixed, Secure, HttpOnly and SameSite=Lax, and the API accepts it', async () => {
    const user = await createUser(t.db);
    const https = { 'x-forwarded-proto': 'https' };
    const csrf = await t.app.request('/api/auth/csrf', { headers: https });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await t.app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: {
        ...https,
        'content-type': 'application/x-www-form-urlencoded',
        'x-auth-return-redirect': '1',
        cookie: cookieHeader(csrf),
      },
      body: new URLSearchParams({
        csrfToken,
        callbackUrl: 'https://localhost/',
        email: user.email,
        password: TEST_PASSWORD,
      }),
    });
    const line = res.headers.getSetCookie().find((l) => l.startsWith('__Host-authjs.session-token='));
    expect(line).toBeDefined();
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).not.toMatch(/; Domain=/i);
    const cookie = cookieHeader(res, (name) => name.includes('session-token'));
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(200);
    const session = await (await t.app.request('/api/auth/session', { headers: { ...https, cookie } })).json();
    expect(session).toMatchObject({ user: { id: user.id } });
  });
});
