import type { Locator, Page } from '@playwright/test';
import { FIRST_PAINT } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

const TERM = 'Stores';

/** The grid's data rows as "name|mcc" (the header row has no cells). */
async function rowsOf(grid: Locator): Promise<string[]> {
  const rows = grid.getByRole('row').filter({ has: grid.page().getByRole('gridcell') });
  return rows.evaluateAll((els) =>
    els.map((row) => {
      const cell = (field: string) => row.querySelector(`[data-field="${field}"]`)?.textContent?.trim() ?? '';
      return `${cell('name')}|${cell('mcc')}`;
    }),
  );
}

const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

// Issue 3 §2: every list keeps page, sort and filters in the URL, so reload and Back work.
test('/industry/list keeps page, search and sort in the URL: reload keeps them, Back undoes one step', async ({
  page,
}) => {
  test.slow();
  await page.goto('/industry/list');
  const grid = page.getByRole('grid', { name: 'Industries' });
  const search = page.getByRole('searchbox', { name: 'Search industries' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible({ timeout: FIRST_PAINT });
  const firstPage = await rowsOf(grid);
  expect(firstPage.length, 'the seed has more than one page of industries').toBe(25);

  // Page 2.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL('/industry/list?page=1');
  await expect
    .poll(async () => (await rowsOf(grid)).filter((row) => !firstPage.includes(row)).length)
    .toBeGreaterThan(0);
  const secondPage = await rowsOf(grid);
  expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);

  // A search: back to the first page of the matches.
  await search.fill(TERM);
  await expect.poll(() => searchParams(page)).toEqual({ q: TERM });
  await expect
    .poll(async () => {
      const rows = await rowsOf(grid);
      return rows.length > 0 && rows.every((row) => row.includes(TERM));
    })
    .toBe(true);
  const matches = await rowsOf(grid);
  expect(matches.length).toBeGreaterThan(1);

  // Sort by MCC, descending (two clicks on the header).
  const mccHeader = grid.getByRole('columnheader', { name: 'MCC' });
  await mccHeader.click();
  await expect.poll(() => searchParams(page)).toEqual({ q: TERM, sort: 'mcc', order: 'asc' });
  // The second click once the grid shows the first sort, as a person would see the arrow.
  await expect(mccHeader).toHaveAttribute('aria-sort', 'ascending');
  await mccHeader.click();
  await expect.poll(() => searchParams(page)).toEqual({ q: TERM, sort: 'mcc', order: 'desc' });
  const byMccDesc = [...matches].sort((a, b) => b.split('|')[1]!.localeCompare(a.split('|')[1]!));
  await expect.poll(() => rowsOf(grid)).toEqual(byMccDesc);

  // Reload: the search box, the sort and the rows are the same.
  await page.reload();
  await expect(search).toHaveValue(TERM, { timeout: FIRST_PAINT });
  await expect(mccHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowsOf(grid)).toEqual(byMccDesc);

  // Back undoes one step at a time: the ascending sort, then the default sort, then the search.
  await page.goBack();
  await expect.poll(() => searchParams(page)).toEqual({ q: TERM, sort: 'mcc', order: 'asc' });
  await expect.poll(() => rowsOf(grid)).toEqual([...byMccDesc].reverse());
  await page.goBack();
  await expect.poll(() => searchParams(page)).toEqual({ q: TERM });
  await expect.poll(() => rowsOf(grid)).toEqual(matches);
  await expect(search).toHaveValue(TERM);
  // The page before the search: the second page. URL and rows are read together: a list that
  // falls back to its first page shows ?page=1 for a moment on the way there.
  await page.goBack();
  await expect
    .poll(async () => ({ url: new URL(page.url()).search, rows: await rowsOf(grid) }))
    .toEqual({ url: '?page=1', rows: secondPage });
  await expect(search).toHaveValue('');

  // Forward again returns to the search.
  await page.goForward();
  await expect(search).toHaveValue(TERM);
  await expect.poll(() => rowsOf(grid)).toEqual(matches);
});
