import { request as playwrightRequest } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { openApiDocs, tryItOut } from '../api-docs.ts';
import { baseURL } from '../env.ts';
import { expect, test } from '../fixtures.ts';
import { mainNav } from '../shell.ts';

// Create a token, copy it, call the API with it from the documentation's try-it
// panel and as an integration would, see the call in the usage log,
// revoke it and see the next call refused.
test.describe('an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('creates a token, uses it, finds the call on /history/api and revokes it', async ({ page, context }) => {
    // Four pages and an integration's calls in one journey: more than the default minute on two shared cores.
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const name = `E2E sync ${uniqueSuffix()}`;
    await page.goto('/home');
    await mainNav(page).getByRole('link', { name: 'API Tokens' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible({ timeout: FIRST_PAINT });

    await page.getByRole('button', { name: 'Create token' }).click();
    const create = page.getByRole('dialog', { name: 'Create API token' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await expect(create.getByRole('combobox', { name: 'Merchants' })).toHaveText('Read');
    await create.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: `Token “${name}” created` });
    const secretField = shown.getByRole('textbox', { name: 'Secret' });
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^bw_live_[0-9A-Za-z]{40}$/);
    await shown.getByRole('button', { name: 'Copy the secret' }).click();
    await expect(shown.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(secret.slice(0, 16));
    await expect(row).toContainText('Active');

    // The call from the documentation's try-it panel: Authorize with the token, then Execute.
    await openApiDocs(page);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const authorize = page.locator('.dialog-ux');
    await authorize.getByRole('textbox', { name: 'auth-bearer-value' }).fill(secret);
    await authorize.getByRole('button', { name: 'Apply credentials' }).click();
    await authorize.locator('.btn-done').click();
    const tried = await tryItOut(page, '/api/merchants');
    expect(tried.status()).toBe(200);
    expect(tried.request().headers().authorization).toBe(`Bearer ${secret}`);
    expect(tried.request().headers().cookie).toBeUndefined();

    // An integration's call: no cookie, only the bearer token.
    const integration = await playwrightRequest.newContext({ baseURL });
    const ok = await integration.get('/api/merchants', { headers: { authorization: `Bearer ${secret}` } });
    expect(ok.status()).toBe(200);
    expect(ok.headers()['ratelimit-limit']).toBeTruthy();

    // The usage rows are written in batches (about once a second): wait until the call is in the
    // log (through the page's own session), then open the page once, filtered by the token.
    const tokens = (await (await page.request.get('/api/api-tokens')).json()) as {
      apiTokens: { id: string; name: string }[];
    };
    const tokenId = tokens.apiTokens.find((t) => t.name === name)!.id;
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/history/api?tokenId=${tokenId}`)).json()) as { total: number }).total,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
    await page.goto('/home');
    await mainNav(page).getByRole('button', { name: 'Logs' }).click();
    await mainNav(page).getByRole('link', { name: 'API Usage' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API Usage' })).toBeVisible({ timeout: FIRST_PAINT });
    await page.getByRole('combobox', { name: 'Token' }).fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(page).toHaveURL(new RegExp(`tokenId=${tokenId}`));
    const grid = page.getByRole('grid', { name: 'Requests' });
    await expect(grid.getByRole('row').filter({ hasText: '/api/merchants' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('img', { name: 'Requests and errors over time per token' })).toBeVisible();

    await page.goto('/setting/api-tokens');
    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');

    const refused = await integration.get('/api/merchants', { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    await integration.dispose();
  });
});
