import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';
import { createMerchant, seriousViolations, solidPng, textPdf } from '../merchant-fixtures.ts';

test.use({ signedInAs: 'admin' });

const TABS = [
  'Business',
  'Owners',
  'Processing',
  'Banking',
  'Underwriting',
  'Operations',
  'Notes',
  'Documents',
  'Timeline',
  'Possible duplicates',
];

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.waitForLoadState('networkidle');
}

// Axe reports no serious or critical violation on the view, on any of its tabs.
test('every tab of a merchant view passes axe', async ({ page }) => {
  test.slow();
  const id = await createMerchant(page, {
    dbaName: `E2E Axe ${uniqueSuffix()}`,
    taxId: '123456789',
    routingNumber: '021000021',
    accountNumber: '12345678',
    owners: [{ firstName: 'Grace', lastName: 'Hopper', ownershipPercent: 60, ssn: '078051120' }],
  });
  await page.goto(`/merchant/view/${id}`);
  await expect(page.getByRole('tab', { name: 'Business', selected: true })).toBeVisible({ timeout: FIRST_PAINT });
  for (const name of TABS) {
    await openTab(page, name);
    expect(await seriousViolations(page), `axe on the ${name} tab`).toEqual([]);
  }
});

// A document uploaded on the view is previewed (an image, a PDF) and downloaded,
// a note is added and edited, and all of it is on the timeline.
test('documents are uploaded, previewed and downloaded, a note is added and edited, and the timeline shows it all', async ({
  page,
}) => {
  test.slow();
  const id = await createMerchant(page, { dbaName: `E2E Documents ${uniqueSuffix()}` });
  const png = solidPng(160, 120, [0x1e, 0x88, 0xe5]);
  const pdf = textPdf('Boardwalk statement');
  await page.goto(`/merchant/view/${id}?tab=documents`);
  await expect(page.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible({ timeout: FIRST_PAINT });

  const documents = page.getByRole('grid', { name: 'Documents' });
  for (const file of [
    { name: 'storefront.png', mimeType: 'image/png', buffer: png },
    { name: 'statement.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]) {
    await page.getByLabel('Document file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(documents.getByRole('row').filter({ hasText: file.name })).toBeVisible();
  }

  // The image preview shows the picture itself.
  await page.getByRole('button', { name: 'Preview storefront.png' }).click();
  let dialog = page.getByRole('dialog', { name: 'storefront.png' });
  const image = dialog.getByRole('img', { name: 'storefront.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  // Shown at its own size and shape (the dialog once stretched it to its height).
  expect(await image.boundingBox()).toMatchObject({ width: 160, height: 120 });
  await page.screenshot({ path: test.info().outputPath('image-preview.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The PDF preview: the frame loads the document from our origin (the page's CSP lets it, the
  // answer's own CSP keeps it from loading anything) and Chromium's viewer shows it.
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });
  const inline = page.waitForResponse(
    (res) => res.url().includes('inline=1') && res.request().resourceType() === 'document',
  );
  await page.getByRole('button', { name: 'Preview statement.pdf' }).click();
  dialog = page.getByRole('dialog', { name: 'statement.pdf' });
  const answer = await inline;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-disposition']).toMatch(/^inline;/);
  const frame = dialog.locator('iframe[title="statement.pdf"]');
  await expect(frame).toBeVisible();
  // A blocked frame shows Chromium's error page instead; a loaded one holds the PDF viewer (an
  // extension frame inside it).
  await expect
    .poll(
      () =>
        page
          .frames()
          .find((f) => f.url().includes('inline=1'))
          ?.url() ?? 'none',
    )
    .toMatch(/\/documents\/[0-9a-f-]{36}\/download\?inline=1$/);
  const pdfFrame = page.frames().find((f) => f.url().includes('inline=1'))!;
  await expect
    .poll(() => pdfFrame.childFrames().map((f) => f.url()))
    .toContainEqual(expect.stringMatching(/^chrome-extension:\/\/[a-z]+\/index\.html$/));
  expect(blocked).toEqual([]);

  // Download from the preview: the same bytes come back.
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('statement.pdf');
  expect(Buffer.compare(await readFile(await saved.path()), pdf)).toBe(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // And from the list.
  const listDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download storefront.png' }).click();
  expect(Buffer.compare(await readFile(await (await listDownload).path()), png)).toBe(0);

  // A note, added and then edited.
  await openTab(page, 'Notes');
  await page.getByLabel('Add a note').fill('Storefront photo and statement received.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText('Storefront photo and statement received.')).toBeVisible();
  await notes.getByRole('button', { name: 'Edit note' }).click();
  await notes.getByLabel('Note', { exact: true }).fill('Storefront photo and two statements received.');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByText('Storefront photo and two statements received.')).toBeVisible();

  // The timeline tells all of it.
  await openTab(page, 'Timeline');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByText(/uploaded storefront\.png$/)).toBeVisible();
  await expect(timeline.getByText(/uploaded statement\.pdf$/)).toBeVisible();
  await expect(timeline.getByText(/added a note$/)).toBeVisible();
  await expect(timeline.getByText('“Storefront photo and statement received.”')).toBeVisible();
  await expect(timeline.getByText(/edited a note$/)).toBeVisible();
  await expect(
    timeline.getByText(
      'Note: Storefront photo and statement received. → Storefront photo and two statements received.',
    ),
  ).toBeVisible();
});
