import { randomUUID } from 'node:crypto';
import type { Role } from '@boardwalk/shared';
import { hashPassword, TEST_HASH_OPTIONS } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { TestApp } from './harness.ts';

/** Every user made by createUser has this password unless told otherwise. */
export const TEST_PASSWORD = 'correct-horse-42-battery';

export type TestUser = typeof users.$inferSelect & { password: string };

/** Inserts a user straight into the database: unique email, TEST_PASSWORD, ROLE_STAFF by default. */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  const tag = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${tag}@test.example`,
      role: 'ROLE_STAFF',
      firstName: 'Test',
      lastName: `User ${tag}`,
      displayName: `Test ${tag}`,
      ...fields,
      passwordHash: await hashPassword(password, TEST_HASH_OPTIONS),
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return { ...row, password };
}

export type SignInAttempt = {
  status: number;
  /** The URL Auth.js answered with (the callbackUrl, or /login?error=…&code=… on failure). */
  url: string;
  /** `code` of a failed sign-in (invalid_credentials, locked, rate_limited, suspended, mfa_required, invalid_code). */
  code: string | null;
  /** Cookie header with the session cookie; empty when the sign-in failed. */
  cookie: string;
  retryAfter: string | null;
};

/** The real browser flow: GET csrf (token + cookie), then POST the credentials form. */
export async function attemptSignIn(
  t: Pick<TestApp, 'app'>,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  code?: string,
): Promise<SignInAttempt> {
  const csrfRes = await t.app.request('/api/auth/csrf', { headers });
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const csrfCookie = cookieHeader(csrfRes);
  const res = await t.app.request('/api/auth/callback/credentials', {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      cookie: csrfCookie,
    },
    body: new URLSearchParams({
      csrfToken,
      callbackUrl: 'http://localhost/home',
      json: 'true',
      email,
      password,
      ...(code === undefined ? {} : { code }),
    }),
  });
  const { url } = (await res.json()) as { url: string };
  const parsed = new URL(url, 'http://localhost');
  const sessionCookie = cookieHeader(res, (name) => name.includes('session-token'));
  return {
    status: res.status,
    url,
    code: parsed.searchParams.get('code'),
    cookie: sessionCookie,
    retryAfter: res.headers.get('retry-after'),
  };
}

/** Signs in and returns the Cookie header to send with later requests; throws if it fails. */
export async function signIn(
  t: Pick<TestApp, 'app'>,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<string> {
  const attempt = await attemptSignIn(t, email, password);
  if (!attempt.cookie) throw new Error(`sign-in as ${email} failed: ${attempt.url}`);
  return attempt.cookie;
}

/** A fresh user of the role, signed in. */
export async function signInAs(t: TestApp, role: Role): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db, { role });
  return { user, cookie: await signIn(t, user.email, user.password) };
}

/** `name=value; …` from a response's Set-Cookie headers (cleared cookies left out). */
export function cookieHeader(res: Response, keep: (name: string) => boolean = () => true): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return value !== '' && keep(name);
    })
    .join('; ');
}
