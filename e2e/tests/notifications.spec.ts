import { expect, signedInState, test } from '../fixtures.ts';
import { createMerchant } from '../merchant-fixtures.ts';

test.use({ signedInAs: 'staff' });

// Two users, two browser contexts: a note that mentions Bob (picked with the `@` autocomplete)
// raises the bell's count in Bob's open tab without a reload (the tab polls the unread count);
// opening the notification takes him to the merchant and marks it read.
test('a mention in one tab rings the bell in the other user’s tab, and opening it marks it read', async ({
  page,
  browser,
  createUser,
  playwright,
}) => {
  const bob = await createUser('staff');
  const tag = bob.lastName.split(' ')[1]!;
  const bobContext = await browser.newContext({ storageState: await signedInState(playwright, bob) });
  try {
    const bobPage = await bobContext.newPage();
    await bobPage.goto('/home');
    const bell = bobPage.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    const dbaName = `Mention ${tag}`;
    const merchantId = await createMerchant(page, { dbaName });
    await page.goto(`/merchant/view/${merchantId}`);
    await page.getByRole('tab', { name: 'Notes' }).click();
    const field = page.getByLabel('Add a note');
    await field.pressSequentially(`Could you check the bank letter, @${tag}`);
    await expect(page.getByRole('option', { name: `E2E ${bob.lastName}` })).toBeVisible();
    await field.press('Enter');
    await expect(field).toHaveValue(`Could you check the bank letter, @E2E ${bob.lastName} `);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' }).getByText('Could you check the bank letter')).toBeVisible();

    // No reload in Bob's tab: the next poll (every 15 seconds) brings the count.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
    await bell.click();
    const panel = bobPage.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: new RegExp(`mentioned you on ${dbaName}`) });
    await expect(item).toContainText('(unread)');
    await item.click();
    await expect(bobPage).toHaveURL(new RegExp(`/merchant/view/${merchantId}$`));
    await expect(bell).toHaveAccessibleName('Notifications');
  } finally {
    await bobContext.close();
  }
});
