import AxeBuilder from '@axe-core/playwright';
import { FIRST_PAINT } from '../admin-fixtures.ts';
import { baseURL } from '../env.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

// Issue 12 §3: /api-docs renders the API's own OpenAPI document with Swagger UI served by
// Boardwalk (the CSP blocks anything else), and its try-it calls carry only a token, never the
// session cookie: without a token the call is refused even though the reader is signed in.
test('the API documentation renders the document, and try-it without a token is refused', async ({ page }) => {
  // Swagger UI is a 430 KB chunk (1.5 MB once unpacked) parsed on the first visit.
  test.setTimeout(240_000);
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: 'API Documentation', level: 1 })).toBeVisible({
    timeout: FIRST_PAINT,
  });
  await expect(page.getByRole('heading', { name: /Boardwalk API/ })).toBeVisible({ timeout: 150_000 });

  const merchants = page.locator('.opblock-tag-section').filter({ has: page.locator('[data-tag="merchants"]') });
  await merchants.locator('[data-tag="merchants"]').click();
  const list = merchants
    .locator('.opblock-get')
    .filter({ has: page.locator('[data-path="/api/merchants"]') })
    .first();
  await list.locator('.opblock-summary').click();
  await list.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/merchants');
  await list.getByRole('button', { name: 'Execute' }).click();
  const res = await answer;
  expect(res.status()).toBe(401);
  expect(res.request().headers().cookie).toBeUndefined();
  await expect(list.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('401');

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('main')
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
  expect(serious).toEqual([]);
  expect(blocked).toEqual([]);
  expect(outside).toEqual([]);
});
