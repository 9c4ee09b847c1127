import type { Locator, Page } from '@playwright/test';
import { apiList, FIRST_PAINT } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

/**
 * Other specs add industries to the same server while this one runs, so every step is a view that
 * only the seeded demo industries appear in: a search for TERM (no spec names an industry so),
 * ten to a page so that it has a second page, then a risk level that narrows it to one page.
 * The expected rows come from the API with the page's session.
 */
const TERM = 'Stores';
const PAGE_SIZE = '10';
const RISK = { value: 'medium', label: 'Medium' };

type IndustryList = { industries: { name: string; mcc: string }[]; total: number };
const asRows = (list: IndustryList) => list.industries.map((row) => `${row.name}|${row.mcc}`);

/** The grid's data rows as "name|mcc": each row's cells, matched to the column headers by position. */
async function rowsOf(grid: Locator): Promise<string[]> {
  const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const name = headers.indexOf('Name');
  const mcc = headers.indexOf('MCC');
  expect([name, mcc], `the Name and MCC columns among ${JSON.stringify(headers)}`).not.toContain(-1);
  const rows: string[] = [];
  // The header row has no gridcells.
  const dataRows = grid.getByRole('row').filter({ has: grid.page().getByRole('gridcell') });
  for (const row of await dataRows.all()) {
    const cells = (await row.getByRole('gridcell').allInnerTexts()).map((text) => text.trim());
    rows.push(`${cells[name]}|${cells[mcc]}`);
  }
  return rows;
}

const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

// Every list keeps page, sort and filters in the URL, so reload and Back work.
test('/industry/list keeps page, search, filter and sort in the URL: reload keeps them, Back undoes one step', async ({
  page,
}) => {
  test.slow();
  const query = { q: TERM, pageSize: PAGE_SIZE };
  const all = await apiList<IndustryList>(page, '/api/industry', query);
  expect(all.total, `more than one page of seeded industries match "${TERM}"`).toBeGreaterThan(Number(PAGE_SIZE));
  const secondPage = asRows(await apiList<IndustryList>(page, '/api/industry', { ...query, page: '1' }));
  const narrowed = await apiList<IndustryList>(page, '/api/industry', { ...query, riskLevel: RISK.value });
  expect(narrowed.total, 'the risk level narrows the search to one page').toBeLessThanOrEqual(Number(PAGE_SIZE));
  expect(narrowed.total, 'and sorting it changes the order').toBeGreaterThan(1);
  const matches = asRows(narrowed);

  await page.goto(`/industry/list?pageSize=${PAGE_SIZE}`);
  const grid = page.getByRole('grid', { name: 'Industries' });
  const search = page.getByRole('searchbox', { name: 'Search industries' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible({ timeout: FIRST_PAINT });

  // A search: its first page.
  await search.fill(TERM);
  await expect.poll(() => searchParams(page)).toEqual(query);
  await expect.poll(() => rowsOf(grid)).toEqual(asRows(all));

  // Its second page.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect.poll(() => searchParams(page)).toEqual({ ...query, page: '1' });
  await expect.poll(() => rowsOf(grid)).toEqual(secondPage);

  // A risk level: back to the first page, which is the only one.
  await page.getByRole('combobox', { name: 'Risk level' }).click();
  await page.getByRole('option', { name: RISK.label }).click();
  await expect.poll(() => searchParams(page)).toEqual({ ...query, riskLevel: RISK.value });
  await expect.poll(() => rowsOf(grid)).toEqual(matches);

  // Sort by MCC, descending (two clicks on the header).
  const mccHeader = grid.getByRole('columnheader', { name: 'MCC' });
  await mccHeader.click();
  await expect.poll(() => searchParams(page)).toEqual({ ...query, riskLevel: RISK.value, sort: 'mcc', order: 'asc' });
  // The second click once the grid shows the first sort, as a person would see the arrow.
  await expect(mccHeader).toHaveAttribute('aria-sort', 'ascending');
  await mccHeader.click();
  await expect.poll(() => searchParams(page)).toEqual({ ...query, riskLevel: RISK.value, sort: 'mcc', order: 'desc' });
  const byMccDesc = [...matches].sort((a, b) => b.split('|')[1]!.localeCompare(a.split('|')[1]!));
  await expect.poll(() => rowsOf(grid)).toEqual(byMccDesc);

  // Reload: the search box, the sort and the rows are the same.
  await page.reload();
  await expect(search).toHaveValue(TERM, { timeout: FIRST_PAINT });
  await expect(mccHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowsOf(grid)).toEqual(byMccDesc);

  // Back undoes one step at a time: the descending sort, the ascending sort, then the risk level.
  await page.goBack();
  await expect.poll(() => searchParams(page)).toEqual({ ...query, riskLevel: RISK.value, sort: 'mcc', order: 'asc' });
  await expect.poll(() => rowsOf(grid)).toEqual([...byMccDesc].reverse());
  await page.goBack();
  await expect.poll(() => searchParams(page)).toEqual({ ...query, riskLevel: RISK.value });
  await expect.poll(() => rowsOf(grid)).toEqual(matches);
  // The page before the risk level: the second page, which the grid, still holding the one-page
  // count, must not give up for the first. URL and rows are read together: a list that falls back
  // to its first page shows page=1 for a moment on the way there.
  await page.goBack();
  await expect
    .poll(async () => ({ params: searchParams(page), rows: await rowsOf(grid) }))
    .toEqual({ params: { ...query, page: '1' }, rows: secondPage });
  await expect(search).toHaveValue(TERM);

  // Forward again returns to the risk level.
  await page.goForward();
  await expect.poll(() => searchParams(page)).toEqual({ ...query, riskLevel: RISK.value });
  await expect.poll(() => rowsOf(grid)).toEqual(matches);
});
