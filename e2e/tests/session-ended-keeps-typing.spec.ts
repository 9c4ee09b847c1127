import { expect, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { uniqueSuffix } from '../admin-fixtures.ts';

test.use({ signedInAs: 'admin' });

// The session ends on the server while a template is being
// typed; Save asks for the password over the page and then saves what was typed.
test('a template typed while the session ended is saved after signing in again in the dialog', async ({
  page,
  playwright,
  signedInUser,
}) => {
  test.slow();
  const name = `E2E kept ${uniqueSuffix()}`;
  await page.goto('/template/add');
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Subject').fill('Still here');
  await form.getByRole('textbox', { name: 'Body' }).fill('<p>Typed before the session ended.</p>');
  await expect(page.getByText('Still here', { exact: true })).toBeVisible();

  // End this very session on the server: sign out with a copy of the browser's cookies.
  const copy = await playwright.request.newContext({ baseURL, storageState: await page.context().storageState() });
  const { csrfToken } = (await (await copy.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const signOut = await copy.post('/api/auth/signout', {
    headers: { 'x-auth-return-redirect': '1' },
    form: { csrfToken, callbackUrl: `${baseURL}/`, json: 'true' },
  });
  expect(signOut.ok()).toBe(true);
  await copy.dispose();
  expect((await page.request.get('/api/me')).status()).toBe(401);

  await form.getByRole('button', { name: 'Add template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL('/template/add');
  await expect(dialog.getByLabel('Email')).toHaveValue(signedInUser!.email);
  await dialog.getByLabel('Password').fill(signedInUser!.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();

  // The held save went through with what was typed: the editor moves to the saved template.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/template\/edit\//);
  await expect(page.getByRole('form', { name: 'Template' }).getByLabel('Name')).toHaveValue(name);
  const list = await page.request.get(`/api/templates?q=${encodeURIComponent(name)}`);
  expect(list.status()).toBe(200);
  const { templates } = (await list.json()) as { templates: Array<{ name: string; subject: string; body: string }> };
  expect(templates).toEqual([
    expect.objectContaining({ name, subject: 'Still here', body: '<p>Typed before the session ended.</p>' }),
  ]);
});
