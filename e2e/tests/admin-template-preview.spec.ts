import type { Page } from '@playwright/test';
import { expectFieldError, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

type Placeholder = { path: string; example: string };

// A Liquid body with placeholders, a live preview with a sample merchant, a syntax
// error shown with its line.
test('a template with a placeholder previews the sample merchant; a Liquid error shows its line and is not saved', async ({
  page,
}) => {
  test.slow();
  const name = `E2E welcome ${uniqueSuffix()}`;
  // The sample merchant's value, from the catalogue the wiki shows (the renderer's own context).
  const catalogue = await page.request.get('/api/templates/placeholders');
  expect(catalogue.status()).toBe(200);
  const { placeholders } = (await catalogue.json()) as { placeholders: Placeholder[] };
  const dbaName = placeholders.find((p) => p.path === 'merchant.dba_name')?.example;
  expect(dbaName, 'merchant.dba_name in the placeholder catalogue').toBeTruthy();

  await page.goto('/template/add');
  const form = page.getByRole('form', { name: 'New template' });
  const body = form.getByRole('textbox', { name: 'Body' });
  await form.getByLabel('Name').fill(name);
  await expect(form.getByRole('combobox', { name: 'Channel' })).toHaveText('Email');
  await form.getByLabel('Subject').fill('Welcome aboard, {{ merchant.dba_name }}');
  await body.fill('<p>Hello {{ merchant.dba_name }}!</p>\n<p>Your application is in.</p>');

  // The live preview renders the placeholders with the sample merchant, subject and HTML body.
  await expect(page.getByText(`Welcome aboard, ${dbaName}`, { exact: true })).toBeVisible();
  const email = page.getByTitle('Email preview').contentFrame();
  await expect(email.getByText(`Hello ${dbaName}!`)).toBeVisible();
  await expect(email.getByText('{{')).toHaveCount(0);

  // A Liquid syntax error on line 3 is reported with that line.
  await body.fill('<p>Hello {{ merchant.dba_name }}!</p>\n<p>Your application is in.</p>\n{% if %}done');
  const errors = page.getByRole('alert').filter({ hasText: 'The template has errors' });
  await expect(errors).toBeVisible();
  await expect(errors).toContainText('Body, line 3');
  await expect(errors).toContainText('3 | {% if %}done');

  // Saving it is refused by the server, with the error beside the Body field; nothing is saved.
  await form.getByRole('button', { name: 'Add template' }).click();
  await expectFieldError(body, /Line 3/);
  await expect(page).toHaveURL('/template/add');
  expect(await templatesNamed(page, name)).toEqual([]);

  // Fixed, the preview recovers and the template saves.
  await body.fill('<p>Hello {{ merchant.dba_name }}!</p>\n{% if merchant.dba_name %}<p>Welcome.</p>{% endif %}');
  await expect(errors).toBeHidden();
  await expect(email.getByText('Welcome.')).toBeVisible();
  await form.getByRole('button', { name: 'Add template' }).click();
  await expect(page.getByText('Template added')).toBeVisible();
  await expect(page).toHaveURL(/\/template\/edit\/[0-9a-f-]{36}$/);
  expect(await templatesNamed(page, name)).toEqual([name]);
});

async function templatesNamed(page: Page, name: string): Promise<string[]> {
  const res = await page.request.get('/api/templates', { params: { q: name } });
  expect(res.status()).toBe(200);
  const { templates } = (await res.json()) as { templates: { name: string }[] };
  return templates.map((t) => t.name).filter((n) => n === name);
}
