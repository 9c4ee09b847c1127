import { expect, test } from '../fixtures.ts';
import { currentMode, modeToggle } from '../shell.ts';

// UI settings are kept per user on the server: a fresh user starts in the light default.
test.use({ signedInAs: 'admin' });

test('dark mode survives a reload', async ({ page }) => {
  await page.goto('/home');
  await expect(modeToggle(page)).toBeVisible();
  await expect.poll(() => currentMode(page)).toBe('light');

  await modeToggle(page).click();
  await expect.poll(() => currentMode(page)).toBe('dark');

  await page.reload();
  await expect(modeToggle(page)).toBeVisible();
  await expect.poll(() => currentMode(page)).toBe('dark');
});
