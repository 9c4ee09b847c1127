import type { Page } from '@playwright/test';
import { baseURL } from '../env.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';

test.use({ signedInAs: 'staff' });

type Hit = { id: string; dbaName: string; url: string };

/** A demo merchant (the seed makes ~500 with names such as "Harbor Bistro"), found through the API. */
async function someDemoMerchant(page: Page): Promise<Hit> {
  for (const word of ['Harbor', 'Golden', 'Summit', 'Maple', 'Cedar', 'Liberty']) {
    const res = await page.request.get(`/api/search?q=${word}`);
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: Hit[] };
    if (data[0]) return data[0];
  }
  throw new Error('no demo merchant found: is DEMO_SEED on?');
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search merchants' });
const field = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search merchants' });

test('find a merchant with Ctrl+/ and Enter, and open it', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Search (Ctrl+/)' })).toBeVisible();
  const target = await someDemoMerchant(page);

  await page.keyboard.press('Control+/');
  await expect(dialog(page)).toBeVisible();
  await field(page).fill(target.dbaName);
  await field(page).press('Enter');
  const option = dialog(page)
    .getByRole('option', { name: new RegExp(`^${escape(target.dbaName)}`) })
    .first();
  await expect(option).toBeVisible();
  const box = await dialog(page).boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(400);

  // The keyboard way: the first result is the exact match.
  await field(page).press('ArrowDown');
  await field(page).press('Enter');
  await expect(page).toHaveURL(`${baseURL}${target.url}`);
  await expect(dialog(page)).toBeHidden();
});

test('previous searches keep the last 5 distinct queries across a reload and on another device', async ({
  page,
  browser,
  signedInUser,
}) => {
  // Seven searches, a reload and a second sign-in in another browser.
  test.slow();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Search (Ctrl+/)' }).click();
  const queries = ['harbor', 'golden', 'zzz nothing', 'summit', 'Harbor', 'maple', 'cedar'];
  // The settings are saved on the server shortly after the last change.
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/me/settings') &&
      r.request().method() === 'PUT' &&
      /"cedar"/.test(r.request().postData() ?? ''),
  );
  for (const q of queries) {
    await field(page).fill(q);
    await field(page).press('Enter');
    await expect(
      dialog(page)
        .getByRole('status')
        .or(dialog(page).getByRole('listbox', { name: 'Merchants' })),
    ).toBeVisible();
  }
  const expected = ['cedar', 'maple', 'Harbor', 'summit', 'zzz nothing'];
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Search (Ctrl+/)' })).toBeVisible();
  await page.keyboard.press('Control+/');
  await expect(dialog(page).getByRole('listbox', { name: 'Previous searches' }).getByRole('option')).toHaveText(
    expected,
  );

  // Another device: a browser with nothing stored, signed in through the form.
  const elsewhere = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const other = await elsewhere.newPage();
    await signInThroughForm(other, signedInUser!);
    await other.goto('/home');
    await other.getByRole('button', { name: 'Search (Ctrl+/)' }).click();
    await expect(dialog(other).getByRole('listbox', { name: 'Previous searches' }).getByRole('option')).toHaveText(
      expected,
    );
  } finally {
    await elsewhere.close();
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
