import { expect, test } from '../fixtures.ts';
import { openUserMenu } from '../shell.ts';

// Its own user, so revoking this session cannot disturb the other specs running beside it.
test.use({ signedInAs: 'staff' });

test('logout lands on / and the session is gone', async ({ page }) => {
  await page.goto('/home');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/home');
  await expect(page).toHaveURL('/login?returnUrl=%2Fhome');
});
