import { randomUUID } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, demoPassword, emailFor, type Role } from './env.ts';

export { expect };
export type { Role };

/**
 * Every test works as users of its own, made through the public API for that test alone, so no
 * test shares an account (its sessions, its settings, its lock-out count) with another. A test that
 * says `test.use({ signedInAs: role })` starts signed in as a fresh user of that role, from stored
 * state (the session cookies of a sign-in through the API); specs about the sign-in form make
 * their users with `createUser` and sign in through the form.
 */

/** A user made for one test: a unique email and a password of its own, ready to sign in. */
export type TestUser = { id: string; email: string; password: string; role: Role; firstName: string; lastName: string };

/** The `playwright` fixture: what makes a new API request context. */
type PlaywrightApi = { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } };

/** Playwright's storage state (cookies and local storage) of a signed-in browser. */
export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

const roleValues: Record<Role, string> = {
  superadmin: 'ROLE_SUPERADMIN',
  admin: 'ROLE_ADMIN',
  staff: 'ROLE_STAFF',
  agent: 'ROLE_AGENT',
};

/**
 * Signs a request context in the way the login form does: GET the CSRF token (which also sets
 * its cookie), then POST the credentials form with it. The context keeps the session cookies.
 */
export async function signInThroughApi(request: APIRequestContext, email: string, password: string) {
  const csrf = await request.get('/api/auth/csrf');
  expect(csrf.status(), 'GET /api/auth/csrf').toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', {
    headers: { 'x-auth-return-redirect': '1' },
    form: { csrfToken, email, password, callbackUrl: `${baseURL}/`, json: 'true' },
  });
  // Auth.js answers with the URL the browser would go to: /login?error=…&code=… when it failed.
  const { url } = (await res.json()) as { url: string };
  expect(new URL(url, baseURL).searchParams.get('error'), `sign-in as ${email} (${url})`).toBeNull();
  const { cookies } = await request.storageState();
  expect(
    cookies.map((c) => c.name).filter((name) => name.includes('session-token')),
    `session cookie for ${email}`,
  ).not.toEqual([]);
}

/**
 * Makes a user through POST /api/users, signed in as a superadmin, as the API allows it: with a
 * temporary password (one set by someone else always is). The user then signs in and
 * replaces it with their own through POST /api/me/password, as the app's change-password dialog
 * does, so the test starts with a user who has nothing left to change.
 */
async function createUserThroughApi(
  admin: APIRequestContext,
  playwright: PlaywrightApi,
  role: Role,
): Promise<TestUser> {
  const tag = randomUUID().slice(0, 8);
  const temporary = `E2e-temp-${randomUUID()}`;
  const input = {
    email: `e2e.${role}.${tag}@example.com`,
    password: temporary,
    role: roleValues[role],
    firstName: 'E2E',
    lastName: `${role} ${tag}`,
  };
  const res = await admin.post('/api/users', { data: { data: input } });
  expect(res.status(), `POST /api/users: ${await res.text()}`).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const password = `E2e-${randomUUID()}`;
  const request = await playwright.request.newContext({ baseURL });
  try {
    await signInThroughApi(request, input.email, temporary);
    const change = await request.post('/api/me/password', {
      data: { currentPassword: temporary, newPassword: password },
    });
    expect(change.status(), `POST /api/me/password: ${await change.text()}`).toBe(204);
  } finally {
    await request.dispose();
  }
  return { id, email: input.email, password, role, firstName: input.firstName, lastName: input.lastName };
}

/** Fills the real login form with a user's credentials and waits until the app has left /login. */
export async function signInThroughForm(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await submitLogin(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Fills the login form with any credentials and submits it (does not wait for the outcome). */
export async function submitLogin(page: Page, email: string, password: string) {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

type TestFixtures = {
  /** Set with `test.use({ signedInAs: 'agent' })`: the page starts signed in as a fresh user of that role. */
  signedInAs: Role | undefined;
  /** Makes another user of the role for this test (not signed in anywhere). */
  createUser: (role: Role) => Promise<TestUser>;
  /** The user the page starts signed in as: made for this test when `signedInAs` is set. */
  signedInUser: TestUser | undefined;
};

type WorkerFixtures = {
  /** An API client signed in as the seeded superadmin, once per worker: it only makes users. */
  superadminApi: APIRequestContext;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  superadminApi: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      await signInThroughApi(request, emailFor('superadmin'), demoPassword);
      await use(request);
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  signedInAs: [undefined, { option: true }],
  createUser: async ({ superadminApi, playwright }, use) => {
    await use((role) => createUserThroughApi(superadminApi, playwright, role));
  },
  signedInUser: async ({ signedInAs, createUser }, use) => {
    await use(signedInAs ? await createUser(signedInAs) : undefined);
  },
  // The browser context starts with the cookies of a sign-in through the API as that user.
  storageState: async ({ signedInUser, storageState, playwright }, use) => {
    if (!signedInUser) return use(storageState);
    await use(await signedInState(playwright, signedInUser));
  },
});

/** The cookies of a sign-in through the API as a user: a browser context made with them starts signed in. */
export async function signedInState(
  playwright: PlaywrightApi,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<StorageState> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    await signInThroughApi(request, user.email, user.password);
    return await request.storageState();
  } finally {
    await request.dispose();
  }
}
