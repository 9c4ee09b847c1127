import { expect, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { openUserMenu } from '../shell.ts';

test.use({ signedInAs: 'staff' });

test('logout lands on / and the session is gone', async ({ page, playwright }) => {
  await page.goto('/home');
  const cookiesBefore = await page.context().cookies();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/home');
  await expect(page).toHaveURL('/login?returnUrl=%2Fhome');

  // Revoked on the server too: a copy of the cookies from before the logout is refused.
  const copy = await playwright.request.newContext({ baseURL, storageState: { cookies: cookiesBefore, origins: [] } });
  expect((await copy.get('/api/me')).status()).toBe(401);
  await copy.dispose();
});
