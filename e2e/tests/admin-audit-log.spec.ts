import { readFile } from 'node:fs/promises';
import { FIRST_PAINT } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';
import { mainNav } from '../shell.ts';

// Admins read the audit log, filter it, see a row's details and export it as CSV.
test.describe('an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('finds their own sign-in in the audit log and exports it', async ({ page, signedInUser }) => {
    const me = signedInUser!;
    await page.goto('/home');
    const nav = mainNav(page);
    await nav.getByRole('button', { name: 'Logs' }).click();
    await nav.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible({ timeout: FIRST_PAINT });

    await page.getByRole('combobox', { name: 'Actor' }).fill(me.email);
    await page.getByRole('option', { name: new RegExp(me.email.replace(/[.+]/g, '\\$&')) }).click();
    await expect(page).toHaveURL(new RegExp(`actorUserId=${me.id}`));
    const grid = page.getByRole('grid', { name: 'Audit entries' });
    await expect(grid.getByRole('row').filter({ hasText: 'auth.sign_in' }).first()).toBeVisible();

    await grid
      .getByRole('button', { name: /^Show auth\.sign_in of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Audit entry: auth.sign_in' });
    await expect(dialog.getByText('Success')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toContain('at,actor,actor_email');
    expect(csv).toContain(`${me.email},${me.id},,auth.sign_in`);
  });
});

test.describe('a staff user', () => {
  test.use({ signedInAs: 'staff' });

  test('has no Audit Log entry and is turned away from the page', async ({ page }) => {
    await page.goto('/history/emails');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Emails' })).toBeVisible({ timeout: FIRST_PAINT });
    await expect(nav.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/history/audit');
    await expect(page.getByText('You are not authorized!')).toBeVisible({ timeout: FIRST_PAINT });
  });
});
