import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'superadmin' });

test('a signed-in visit to the guest-only /login goes to /', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});
