import type { Page } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../merchant-fixtures.ts';

test.use({ signedInAs: 'admin' });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** axe on the step or tab now shown, named in the failure. */
async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

// Add a merchant through every step (a reload mid-way loses nothing), land on
// its view, change its stage there and see the change on the timeline.
test('a merchant is added step by step across a reload, opens on save, and its stage change shows on the timeline', async ({
  page,
}) => {
  test.slow();
  const name = `E2E Merchant ${uniqueSuffix()}`;
  await page.goto('/merchant/add');
  await expect(page.getByRole('heading', { name: 'Add Merchant', level: 1 })).toBeVisible({ timeout: FIRST_PAINT });
  await expectNoSeriousViolations(page, 'the business step');

  // Business: Next checks the step first.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter the DBA name')).toBeVisible();
  // A field's error text and label in the theme's readable red (#FF4C51 itself is 3.3:1 on white).
  await expectNoSeriousViolations(page, 'the business step with its errors');
  await page.getByLabel('DBA name').fill(name);
  await page.getByLabel('Tax id').fill('12-3456789');
  await page.getByRole('button', { name: 'Next' }).click();

  // Contact and address, then a reload once the draft is on the server.
  await expect(heading(page, 'Contact and address')).toBeVisible();
  await expectNoSeriousViolations(page, 'the contact step');
  await page.getByLabel('Contact phone').fill('555 0100');
  await page.getByLabel('City').fill('Springfield');
  await expect(page).toHaveURL(/\/merchant\/add\?draft=[0-9a-f-]{36}$/);
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.reload();
  await expect(heading(page, 'Contact and address')).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  await expect(page.getByLabel('Contact phone')).toHaveValue('555 0100');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('DBA name')).toHaveValue(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Owners.
  await expect(heading(page, 'Owners')).toBeVisible();
  await page.getByRole('button', { name: 'Add owner' }).click();
  const owner = page.getByRole('region', { name: 'Owner 1' });
  // A new owner comes without errors: nothing has been typed in it yet.
  await expect(owner.getByLabel('Last name')).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'the owners step with a new owner');
  // Next flags the names; each error goes as its field is filled in, before the field is left.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(owner.getByText('Enter the last name')).toBeVisible();
  await expectNoSeriousViolations(page, 'the owners step with its errors');
  await owner.getByLabel('First name').fill('Grace');
  await owner.getByLabel('Last name').fill('Hopper');
  await expect(owner.getByText('Enter the last name')).toBeHidden();
  await expect(owner.getByText('Enter the first name')).toBeHidden();
  await expectNoSeriousViolations(page, 'the owners step filled in');
  await page.getByRole('button', { name: 'Next' }).click();

  // Processing, banking, assignment (the default stage is chosen for us).
  await expect(heading(page, 'Processing')).toBeVisible();
  await expectNoSeriousViolations(page, 'the processing step');
  await page.getByLabel('Monthly volume').fill('25000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 'Banking')).toBeVisible();
  await expectNoSeriousViolations(page, 'the banking step');
  await page.getByLabel('Bank name').fill('First Bank');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Account number').fill('12345678');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 'Assignment')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Stage' })).not.toHaveText(/^\s*$/);
  await expectNoSeriousViolations(page, 'the assignment step');
  await page.getByRole('button', { name: 'Next' }).click();

  // Review and save (possible duplicates from other runs only change the button's name).
  await expect(heading(page, 'Review')).toBeVisible();
  await expect(page.getByText('Grace Hopper (100%)')).toBeVisible();
  await expectNoSeriousViolations(page, 'the review step');
  await page.getByRole('button', { name: /^Save (merchant|anyway)$/ }).click();
  await expect(page).toHaveURL(/\/merchant\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "the new merchant's view");

  // The stage, changed from the header.
  await page.getByRole('button', { name: /^Stage: .*\. Change stage$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change stage' });
  const target = dialog.getByRole('list', { name: 'Underwriting' }).getByRole('button').first();
  const targetName = (await target.innerText()).trim();
  await target.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Stage: Underwriting · ${targetName}. Change stage` })).toBeVisible();

  // The timeline tells both.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(/\?tab=timeline$/);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByText(new RegExp(`to Underwriting · ${targetName}$`))).toBeVisible();
  await expect(timeline.getByText(/added the merchant$/)).toBeVisible();

  // The application's draft went with the save: the add page offers nothing to continue.
  await page.goto('/merchant/add');
  await expect(page.getByRole('heading', { name: 'Add Merchant', level: 1 })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByText(name)).toHaveCount(0);
});
