import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createUser, signIn } from '../test/sign-in.ts';
import { sessionCookieName } from './auth-config.ts';

const NAME = sessionCookieName(false);

/** The session token in a `cookie` header as `name=value`. */
function tokenOf(cookie: string): string {
  const pair = cookie.split(/;\s*/).find((part) => part.startsWith(`${NAME}=`));
  if (!pair) throw new Error(`no ${NAME} in ${cookie}`);
  return pair.slice(NAME.length + 1);
}

describe('reading the session cookie (getToken)', () => {
  let t: TestApp;
  let token: string;
  const me = async (headers: Record<string, string>) => (await t.app.request('/api/me', { headers })).status;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'ROLE_ADMIN', email: 'chunks@test.example' });
    token = tokenOf(await signIn(t, 'chunks@test.example'));
  });
  afterAll(() => t.close());

  it('accepts the whole cookie', async () => {
    expect(await me({ cookie: `${NAME}=${token}` })).toBe(200);
  });

  it('joins a cookie Auth.js split into numbered chunks, in their order', async () => {
    const third = Math.ceil(token.length / 3);
    const [a, b, c] = [token.slice(0, third), token.slice(third, 2 * third), token.slice(2 * third)];
    expect(await me({ cookie: `${NAME}.2=${c}; ${NAME}.0=${a}; ${NAME}.1=${b}` })).toBe(200);
    expect(await me({ cookie: `${NAME}.0=${a}; ${NAME}.1=${c}; ${NAME}.2=${b}` })).toBe(401);
  });

  it('does not take a session token from an Authorization header', async () => {
    expect(await me({ authorization: `Bearer ${token}` })).toBe(401);
  });

  it('refuses a token sealed for the other cookie name', async () => {
    expect(await me({ cookie: `${sessionCookieName(true)}=${token}` })).toBe(401);
  });
});
