import type { Locator, Page } from '@playwright/test';
import { apiList, expectFieldError, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

type IndustryList = { industries: { name: string; mcc: string }[]; total: number };
type UserList = { users: { email: string }[]; total: number };

// Server and client field errors show beside their fields; a bad value saves nothing.
test.describe('a bad value shows its field error beside the field and saves nothing', () => {
  test('an industry with MCC "abc"', async ({ page }) => {
    const name = `E2E bad MCC ${uniqueSuffix()}`;
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/industry') posts.push(req.url());
    });
    await page.goto('/industry/list');
    await page.getByRole('button', { name: 'Add industry' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add industry' });
    const mcc = dialog.getByRole('textbox', { name: 'MCC' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await mcc.fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expectFieldError(mcc, 'Enter a 4-digit MCC');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Industry added')).toHaveCount(0);

    await discardChanges(page, dialog.getByRole('button', { name: 'Cancel' }));
    await expect(dialog).toBeHidden();
    await expectNotListed(page, name);
    expect(posts, 'the shared schema stops it before the server').toEqual([]);
  });

  test('an industry whose MCC another industry has (the server says so beside the field)', async ({ page }) => {
    const name = `E2E taken MCC ${uniqueSuffix()}`;
    const taken = await addIndustryWithFreeMcc(page, `E2E MCC holder ${uniqueSuffix()}`);

    await page.goto('/industry/list');
    await page.getByRole('button', { name: 'Add industry' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add industry' });
    const mcc = dialog.getByRole('textbox', { name: 'MCC' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await mcc.fill(taken);
    const response = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/industry',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await response).status()).toBe(409);

    await expectFieldError(mcc, 'Another industry already has this MCC');
    await expect(dialog).toBeVisible();
    await discardChanges(page, dialog.getByRole('button', { name: 'Cancel' }));
    await expect(dialog).toBeHidden();
    await expectNotListed(page, name);
  });

  test('a user with a short temporary password', async ({ page }) => {
    const email = `e2e.shortpw.${uniqueSuffix()}@example.com`;
    await page.goto('/user/add');
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByLabel('First name').fill('Sam');
    await form.getByLabel('Last name').fill('Short');
    await form.getByLabel('Email').fill(email);
    const password = form.getByLabel('Temporary password');
    await password.fill('abc123');
    await form.getByRole('button', { name: 'Add user' }).click();

    await expectFieldError(password, 'Use at least 12 characters');
    await expect(page).toHaveURL('/user/add');
    await expect(page.getByText('User added')).toHaveCount(0);

    await discardChanges(page, form.getByRole('button', { name: 'Cancel' }));
    await expect(page).toHaveURL('/user/list');
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill(email);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText('No users match your search')).toBeVisible();
    const { total } = await apiList<UserList>(page, '/api/users', { q: email });
    expect(total).toBe(0);
  });
});

/** Cancels a form with changes: the app asks first, and the answer is Discard. */
async function discardChanges(page: Page, cancel: Locator) {
  await cancel.click();
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(ask).toBeHidden();
}

/** Adds an industry through the API under an MCC no industry has yet; returns that MCC. */
async function addIndustryWithFreeMcc(page: Page, name: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const mcc = String(1000 + Math.floor(Math.random() * 9000));
    const res = await page.request.post('/api/industry', { data: { data: { name, mcc } } });
    if (res.status() === 201) return mcc;
    expect(res.status(), `POST /api/industry: ${await res.text()}`).toBe(409);
  }
  throw new Error('no free MCC found in 20 tries');
}

/** After cancelling, neither the list (searched through the UI) nor the API has the industry. */
async function expectNotListed(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search industries' }).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  const grid = page.getByRole('grid', { name: 'Industries' });
  await expect(grid.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByText('No industries match your search')).toBeVisible();
  const { total } = await apiList<IndustryList>(page, '/api/industry', { q: name });
  expect(total).toBe(0);
}
