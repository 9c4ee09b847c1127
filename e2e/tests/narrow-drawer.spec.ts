import { expect, test } from '../fixtures.ts';
import { mainNav } from '../shell.ts';

test.use({ signedInAs: 'superadmin', viewport: { width: 800, height: 900 } });

test('at 800px the menu is a drawer: the menu button opens it, choosing a link closes it', async ({ page }) => {
  await page.goto('/home');
  const salesLink = mainNav(page).getByRole('link', { name: 'Sales' });
  await expect(salesLink).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(salesLink).toBeVisible();

  await salesLink.click();
  await expect(page).toHaveURL('/merchant/sales');
  await expect(salesLink).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
});
