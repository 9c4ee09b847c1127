import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FIRST_PAINT } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';
import { createMerchant, seriousViolations } from '../merchant-fixtures.ts';

// A phone: the add form, a list and a merchant page at 390×844, each saved as a screenshot
// (test-results/phones/) and checked for the layout facts a person would see wrong.
test.use({ signedInAs: 'staff', viewport: { width: 390, height: 844 } });

/** This browser alone sees the customizer on (no global change for other specs). */
async function enableCustomizer(page: Page) {
  await page.route('**/api/settings/public', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), customizerEnabled: true } });
  });
}

/** Nothing is wider than the screen: no sideways scrolling. */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'page wider than the screen').toBeLessThanOrEqual(widths.client);
}

/** The customizer cog is in the app bar, so it covers no content (the edge cog is hidden). */
async function expectCogInAppBar(page: Page) {
  const cogs = page.getByRole('button', { name: 'Open theme customizer' });
  await expect(cogs).toHaveCount(1);
  const cog = await cogs.boundingBox();
  const bar = await page.locator('header').first().boundingBox();
  expect(cog && bar, 'cog and app bar on screen').toBeTruthy();
  expect(cog!.y).toBeGreaterThanOrEqual(bar!.y);
  expect(cog!.y + cog!.height).toBeLessThanOrEqual(bar!.y + bar!.height);
  expect(cog!.x + cog!.width).toBeLessThanOrEqual(390);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(test.info().project.outputDir, 'phones', `${name}.png`) });
}

test.beforeEach(async ({ page }) => enableCustomizer(page));

test('the add form shows one compact step line and its buttons, within the screen', async ({ page }) => {
  await page.goto('/merchant/add');
  const form = page.getByRole('form', { name: 'New merchant' });
  await expect(form.getByText('Step 1 of 7 · Business')).toBeVisible({ timeout: FIRST_PAINT });
  await page.getByLabel(/^DBA name/).fill(`Phone Cafe ${randomUUID().slice(0, 6)}`);
  await page.getByLabel(/^DBA name/).press('Enter');
  await expect(form.getByText('Step 2 of 7 · Contact and address')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectCogInAppBar(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'add-form');
});

test('a list shows its first row on the first screen, the filters behind one button', async ({ page }) => {
  const dbaName = `Phone Row ${randomUUID().slice(0, 6)}`;
  await page.goto('/home');
  await createMerchant(page, { dbaName });
  await page.goto(`/merchant/sales?q=${encodeURIComponent(dbaName)}`);
  const filters = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
  await expect(filters).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: dbaName });
  await expect(row).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await expectCogInAppBar(page);
  await shoot(page, 'list');
  await filters.click();
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toBeVisible();
});

test('a merchant page fits the screen with its header and sections', async ({ page }) => {
  const dbaName = `Phone Page ${randomUUID().slice(0, 6)}`;
  await page.goto('/home');
  const id = await createMerchant(page, { dbaName, contactEmail: 'maria@example.com' });
  await page.goto(`/merchant/view/${id}`);
  await expect(page.getByRole('heading', { name: dbaName })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByRole('button', { name: /Change stage$/ })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await expectCogInAppBar(page);
  await shoot(page, 'merchant-page');
});
