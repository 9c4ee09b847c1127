import type { Page } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

const HEADER = 'External ID,DBA Name,Email,City';

/** Chooses the file on the import page, as a user picks it from disk. */
async function chooseCsv(page: Page, name: string, lines: string[]) {
  await page.goto('/merchant/import');
  await expect(page.getByRole('heading', { name: 'Import merchants' })).toBeVisible({ timeout: FIRST_PAINT });
  await page
    .getByLabel('Spreadsheet file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n') });
  await expect(page.getByText(`${name}: ${lines.length} rows`)).toBeVisible();
}

async function dryRun(page: Page) {
  await page.getByRole('button', { name: 'Dry run' }).click();
  return page.getByRole('alert').filter({ hasText: /rows: \d+ to create/ });
}

// The first file has a bad row: the dry run says so, confirming without "Skip bad rows" imports
// nothing, skipping imports the rest and offers the skipped row. A second file with the same
// external ids updates those merchants instead of adding them again.
test("an import's dry run lists a bad row, skipping imports the rest, and a re-run updates", async ({ page }) => {
  test.slow();
  const tag = uniqueSuffix();
  const first = [
    `${tag}-1,E2E Import Alpha ${tag},alpha-${tag}@example.com,Austin`,
    `${tag}-2,E2E Import Beta ${tag},not-an-email,Dallas`,
    `${tag}-3,E2E Import Gamma ${tag},gamma-${tag}@example.com,Houston`,
  ];
  await chooseCsv(page, `first-${tag}.csv`, first);
  // The headers were guessed: each column already names its field.
  await expect(page.getByLabel('Field for DBA Name')).toHaveValue('dbaName');
  await expect(page.getByLabel('Field for External ID')).toHaveValue('externalId');

  await expect(await dryRun(page)).toHaveText(
    '3 rows: 2 to create, 0 to update, 0 unchanged, 1 with errors, 0 with possible duplicates.',
  );
  const dryRunTable = page.getByRole('table', { name: 'Dry run' });
  await expect(dryRunTable.getByRole('row').filter({ hasText: `E2E Import Beta ${tag}` })).toContainText('Error');

  // All or nothing by default: the bad row stops the whole file.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/1 row cannot be imported \(first: line 3/)).toBeVisible();

  await page.getByLabel('Skip bad rows').check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('3 of 3 rows: 2 created, 0 updated, 0 unchanged (done)')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('link', { name: 'Download the 1 skipped rows (CSV)' })).toBeVisible();

  // The second file: Alpha moved city, Beta fixed, Gamma as it was.
  const second = [
    `${tag}-1,E2E Import Alpha ${tag},alpha-${tag}@example.com,San Antonio`,
    `${tag}-2,E2E Import Beta ${tag},beta-${tag}@example.com,Dallas`,
    `${tag}-3,E2E Import Gamma ${tag},gamma-${tag}@example.com,Houston`,
  ];
  await chooseCsv(page, `second-${tag}.csv`, second);
  await expect(await dryRun(page)).toHaveText(
    '3 rows: 1 to create, 1 to update, 1 unchanged, 0 with errors, 0 with possible duplicates.',
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('3 of 3 rows: 1 created, 1 updated, 1 unchanged (done)')).toBeVisible({
    timeout: 60_000,
  });

  // One Alpha, in its new city: updated, not added twice.
  const found = await page.request.get('/api/merchants', { params: { q: `E2E Import Alpha ${tag}` } });
  const body = (await found.json()) as { merchants: { dbaName: string; city: string | null }[] };
  expect(body.merchants.map((m) => [m.dbaName, m.city])).toEqual([[`E2E Import Alpha ${tag}`, 'San Antonio']]);
});
