import { expect, test as base, type Page } from '@playwright/test';
import { demoPassword, emailFor, type Role } from './env.ts';

export { expect };
export type { Role };

/** Fills the real login form and waits until the app has left /login. */
export async function signInThroughForm(page: Page, role: Role) {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(emailFor(role));
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

type Fixtures = {
  /** Set with `test.use({ signedInAs: 'agent' })`: the page is signed in as that demo user. */
  signedInAs: Role | undefined;
  /** Signs the page in through the login form as the given demo user. */
  signIn: (role: Role) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  signedInAs: [undefined, { option: true }],
  signIn: async ({ page }, use) => {
    await use((role) => signInThroughForm(page, role));
  },
  page: async ({ page, signedInAs }, use) => {
    if (signedInAs) await signInThroughForm(page, signedInAs);
    await use(page);
  },
});
