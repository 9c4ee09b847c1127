import { FIRST_PAINT, signOutThroughMenu, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, submitLogin, test } from '../fixtures.ts';

// The admin starts signed in (its own, fresh admin); the newcomer it adds signs in through the form.
test.use({ signedInAs: 'admin' });

// An admin-set temporary password must be changed at the next sign-in.
test('an admin adds a user with a temporary password; the user must change it, then works in the portal', async ({
  page,
}) => {
  // Three sign-ins and a password change: a long journey on two shared cores.
  test.slow();
  const suffix = uniqueSuffix();
  const email = `e2e.newcomer.${suffix}@example.com`;
  const temporary = `Temp0rary${suffix}x`;
  const chosen = `Chosen7${suffix}pw`;

  // The users screen's add flow.
  await page.goto('/user/list');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL('/user/add');
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill(`Newcomer ${suffix}`);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await form.getByLabel('Temporary password').fill(temporary);
  // A password set by someone else is always temporary; the form offers no switch for it.
  await expect(form.getByLabel('Must change the password at next sign-in')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add user' }).click();

  await expect(page.getByText('User added')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/edit\/[0-9a-f-]{36}$/);

  // The new user is in the list.
  await page.goto(`/user/list?q=${encodeURIComponent(email)}`);
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid.getByRole('row').filter({ hasText: email })).toBeVisible({ timeout: FIRST_PAINT });

  await signOutThroughMenu(page);

  // The newcomer signs in with the temporary password and is stopped by the change-password dialog.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL('/login');
  await submitLogin(page, email, temporary);
  // Sign-in without a returnUrl lands on the first page the user may open, and the forced
  // change is asked there before the page asks the API for anything.
  await expect(page).toHaveURL('/home');
  const dialog = page.getByRole('dialog', { name: 'Change your password' });
  await expect(dialog).toBeVisible({ timeout: FIRST_PAINT });
  // It cannot be dismissed.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Current password').fill(temporary);
  await dialog.getByLabel('New password', { exact: true }).fill(chosen);
  await dialog.getByLabel('Repeat new password').fill(chosen);
  await dialog.getByRole('button', { name: 'Change password' }).click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The portal's API now answers for this user (it refused everything but /api/me before the change).
  expect((await page.request.get('/api/stages', { params: { pageSize: '1' } })).status()).toBe(200);

  // The change is real: the temporary password no longer works, the chosen one does, with no dialog.
  await signOutThroughMenu(page);
  await submitLogin(page, email, temporary);
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is not correct.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/login?returnUrl=%2Fhome');
  await submitLogin(page, email, chosen);
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByRole('dialog', { name: 'Change your password' })).toHaveCount(0);
});
