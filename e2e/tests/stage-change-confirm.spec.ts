import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';
import { createMerchant } from '../merchant-fixtures.ts';

test.use({ signedInAs: 'staff' });

// A staff member moves a merchant into a stage that emails it: the dialog says so and waits for
// a confirmation; the note written with the change is on the timeline.
test('a stage change that would email the merchant is listed and confirmed, its note kept', async ({ page }) => {
  test.slow();
  const suffix = uniqueSuffix();
  const stageName = `E2E welcome ${suffix}`;
  const templateName = `Welcome ${suffix}`;
  await page.goto('/home');
  const created = await page.request.post('/api/stages', { data: { data: { name: stageName, pipeline: 'dead' } } });
  expect(created.status(), await created.text()).toBe(201);
  const stage = (await created.json()) as { id: string };
  const template = await page.request.post('/api/templates', {
    data: { data: { name: templateName, channel: 'email', subject: 'Welcome', body: 'Hello' } },
  });
  expect(template.status(), await template.text()).toBe(201);
  const templateId = ((await template.json()) as { id: string }).id;
  const action = await page.request.post(`/api/stages/${stage.id}/actions`, {
    data: { data: { type: 'send_email', config: { templateId, to: 'contact' } } },
  });
  expect(action.status(), await action.text()).toBe(201);
  const dbaName = `Stage Shop ${suffix}`;
  const id = await createMerchant(page, { dbaName, contactEmail: 'maria@example.com' });

  await page.goto(`/merchant/view/${id}`);
  await page.getByRole('button', { name: /Change stage$/ }).click({ timeout: FIRST_PAINT });
  const dialog = page.getByRole('dialog', { name: 'Change stage' });
  await dialog.getByLabel('Note for the timeline (optional)').fill('Signed the agreement');
  await dialog.getByRole('button', { name: stageName }).click();

  const confirm = page.getByRole('dialog', { name: `Move to ${stageName}?` });
  const outside = confirm.getByRole('list', { name: 'Reaches outside Boardwalk' });
  await expect(outside).toContainText(`Sends email “${templateName}” to maria@example.com`);
  await expect(page.getByRole('button', { name: new RegExp(`${stageName}. Change stage$`) })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Move and send' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`${stageName}. Change stage$`) })).toBeVisible();

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText('Note: Signed the agreement')).toBeVisible();
});
