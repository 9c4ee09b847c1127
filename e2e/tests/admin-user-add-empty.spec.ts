import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

// Add User on an empty form flagged only the first name. In a browser the first
// name (focused on arrival) is flagged as the click leaves it; its message must not move the
// button away from under the pointer, so the click still submits and every field is flagged.
test('Add User on an empty form flags every required field at once', async ({ page }) => {
  await page.goto('/user/add');
  const form = page.getByRole('form', { name: 'New user' });
  await expect(form.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await form.getByRole('button', { name: 'Add user' }).click();
  for (const name of ['First name', 'Last name', 'Email', 'Temporary password']) {
    await expect(form.getByLabel(name, { exact: false }).first()).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.getByRole('textbox', { name: 'Display name' })).not.toHaveAttribute('aria-invalid', 'true');
});
