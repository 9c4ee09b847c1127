import type { Page } from '@playwright/test';
import { FIRST_PAINT } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

// A hand-edited list URL is corrected in place, with the list shown, not a Retry.
test('a hand-edited list URL is corrected in place and the list is shown', async ({ page }) => {
  await page.goto('/home');
  await page.goto('/industry/list?riskLevel=extreme&page=-1&pageSize=1000');
  const grid = page.getByRole('grid', { name: 'Industries' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible({ timeout: FIRST_PAINT });
  await expect.poll(() => searchParams(page)).toEqual({});
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // Replaced, not added: Back leaves the list.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
});

test('sorting from page 2 goes to the sorted first page in one Back step', async ({ page }) => {
  await page.goto('/industry/list?page=1&pageSize=10');
  const grid = page.getByRole('grid', { name: 'Industries' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible({ timeout: FIRST_PAINT });
  await grid.getByRole('columnheader', { name: 'MCC' }).click();
  await expect.poll(() => searchParams(page)).toEqual({ pageSize: '10', sort: 'mcc', order: 'asc' });
  await page.goBack();
  await expect.poll(() => searchParams(page)).toEqual({ page: '1', pageSize: '10' });
});

test('/user/view/not-a-uuid shows the not-found page', async ({ page }) => {
  await page.goto('/user/view/not-a-uuid');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible({ timeout: FIRST_PAINT });
});
