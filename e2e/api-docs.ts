import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** /api-docs, Swagger UI drawn (a 430 KB chunk parsed on the first visit: a generous wait). */
export async function openApiDocs(page: Page) {
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: /Boardwalk API/ })).toBeVisible({ timeout: 150_000 });
}

/** Opens `GET <path>` in the merchants group and runs it from its try-it panel; returns the answer. */
export async function tryItOut(page: Page, path: string) {
  const merchants = page.locator('.opblock-tag-section').filter({ has: page.locator('[data-tag="merchants"]') });
  await merchants.locator('[data-tag="merchants"]').click();
  const operation = merchants
    .locator('.opblock-get')
    .filter({ has: page.locator(`[data-path="${path}"]`) })
    .first();
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === path);
  await operation.getByRole('button', { name: 'Execute' }).click();
  const res = await answer;
  await expect(operation.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(
    String(res.status()),
  );
  return res;
}
