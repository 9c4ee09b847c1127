import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';
import { createMerchant } from '../merchant-fixtures.ts';

test.use({ signedInAs: 'staff' });

/**
 * The merchant page’s twelve sections are all in reach without scrolling sideways: a rail beside
 * the record at 1440 px (in one row they ran off the screen: Timeline and Possible duplicates).
 */
test('every section of a merchant is in reach at 1440 × 900', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await createMerchant(page, { dbaName: `Rail Bakery ${uniqueSuffix()}` });
  await page.goto(`/merchant/view/${id}`);
  const tabs = page.getByRole('tablist', { name: 'Merchant sections' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible({ timeout: FIRST_PAINT });
  expect(await tabs.count()).toBe(12);
  for (const tab of await tabs.all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await page.getByRole('tab', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('tab', { name: 'Possible duplicates' })).toHaveAttribute('aria-selected', 'true');
});

test('a merchant page at 390 × 844 keeps its sections in reach and the page does not scroll sideways', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await createMerchant(page, { dbaName: `Phone Bakery ${uniqueSuffix()}` });
  await page.goto(`/merchant/view/${id}`);
  const list = page.getByRole('tablist', { name: 'Merchant sections' });
  await expect(list).toBeVisible({ timeout: FIRST_PAINT });
  // The row scrolls by its buttons; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const timeline = list.getByRole('tab', { name: 'Timeline' });
  await timeline.click();
  await expect(timeline).toHaveAttribute('aria-selected', 'true');
  await testInfo.attach('merchant-page-390x844', { body: await page.screenshot(), contentType: 'image/png' });
});
