import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/sessions.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { cookieHeader, createUser, signInAs, TEST_PASSWORD } from '../test/sign-in.ts';

/** What a client (or a proxy) could send: a different scheme, host and address. */
const FORWARDED = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'portal.example',
  'x-forwarded-for': '198.51.100.1, 203.0.113.9',
};

/** Signs in with the forwarded headers on every request; returns what the browser would keep. */
async function signInForwarded(t: TestApp) {
  const user = await createUser(t.db);
  const csrf = await t.app.request('/api/auth/csrf', { headers: FORWARDED });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await t.app.request('/api/auth/callback/credentials', {
    method: 'POST',
    headers: {
      ...FORWARDED,
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      cookie: cookieHeader(csrf),
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/home', email: user.email, password: TEST_PASSWORD }),
  });
  const { url } = (await res.json()) as { url: string };
  const sessionCookie = res.headers.getSetCookie().find((l) => l.includes('authjs.session-token='));
  const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return { url, sessionCookie, ip: session?.ip };
}

describe.each([
  { trustProxy: false, https: false, host: 'localhost', ip: null },
  { trustProxy: true, https: true, host: 'portal.example', ip: '203.0.113.9' },
])('X-Forwarded-* with TRUST_PROXY $trustProxy', ({ trustProxy, https, host, ip }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy } });
    cookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
  });
  afterAll(() => t.close());

  it(`${https ? 'switches' : 'does not switch'} to HSTS for X-Forwarded-Proto`, async () => {
    const res = await t.app.request('/api/health', { headers: FORWARDED });
    expect(res.headers.has('strict-transport-security')).toBe(https);
  });

  it(`${https ? 'sets' : 'does not set'} a Secure __Host- session cookie, and takes the IP ${ip ? 'from X-Forwarded-For' : 'from the socket'}`, async () => {
    const signedIn = await signInForwarded(t);
    expect(signedIn.sessionCookie).toBeDefined();
    expect(signedIn.sessionCookie?.startsWith('__Host-')).toBe(https);
    expect(/;\s*Secure/i.test(signedIn.sessionCookie ?? '')).toBe(https);
    // app.request() has no socket: with the proxy distrusted there is no address to record.
    expect(signedIn.ip).toBe(ip);
    // Auth.js builds its redirect from the same belief, not from the raw headers.
    expect(new URL(signedIn.url).origin).toBe(`${https ? 'https' : 'http'}://${host}`);
  });

  it(`${trustProxy ? 'accepts' : 'refuses'} an Origin that matches only X-Forwarded-Host`, async () => {
    const res = await t.app.request('http://localhost/api/me/settings', {
      method: 'PUT',
      body: JSON.stringify({ mode: 'dark' }),
      headers: {
        'content-type': 'application/json',
        cookie,
        origin: 'https://portal.example',
        'x-forwarded-host': 'portal.example',
      },
    });
    expect(res.status).toBe(trustProxy ? 200 : 403);
  });
});
