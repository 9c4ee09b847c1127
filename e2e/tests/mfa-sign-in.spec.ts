import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, signInThroughForm, submitLogin, test } from '../fixtures.ts';
import { openUserMenu } from '../shell.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.html.slice(0, 160)}`));
}

test('a user sets up two-factor sign-in on their profile, then signs in with a recovery code', async ({
  page,
  createUser,
}) => {
  const user = await createUser('staff');
  await signInThroughForm(page, user);
  await page.goto(`/user/view/${user.id}`);

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/You have 10 unused recovery codes/)).toBeVisible();

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');

  await submitLogin(page, user.email, user.password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not correct');
  await code.fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
});
