import { expect, signInThroughForm, test } from '../fixtures.ts';

test('a signed-out visit to a protected page goes to /login with returnUrl, and sign-in lands on it', async ({
  page,
  createUser,
}) => {
  const user = await createUser('superadmin');
  await page.goto('/merchant/sales');
  await expect(page).toHaveURL('/login?returnUrl=%2Fmerchant%2Fsales');

  await signInThroughForm(page, user);

  await expect(page).toHaveURL('/merchant/sales');
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
});

test('the root path is the public landing page: no redirect and no returnUrl', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/');
  const signInLink = page.getByRole('link', { name: /sign in/i }).first();
  await expect(signInLink).toBeVisible();

  await signInLink.click();
  await expect(page).toHaveURL('/login');
});
