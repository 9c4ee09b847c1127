import { FIRST_PAINT, UNRENDERABLE_LIQUID, uniqueSuffix } from '../admin-fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

// /history/emails lists what stage actions sent, filtered by merchant (picked by search)
// and status, shows the rendered message in its drawer, and sends a failed one again after asking.
test('the emails log filters by merchant and status, shows the rendered message, and retries a failed one', async ({
  page,
}) => {
  // Two messages go through the outbox dispatcher and the job workers: slow on a loaded machine.
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const dbaName = `E2E Emails Merchant ${suffix}`;
  const contactEmail = `emails-${suffix}@example.com`.toLowerCase();

  // A stage of this test's own (the Dead pipeline: no other spec reorders it) that sends two emails:
  // one that renders, and one whose template cannot render, so it ends failed with its address.
  const template = async (name: string, subject: string, body: string) => {
    const res = await page.request.post('/api/templates', {
      data: { data: { name, channel: 'email', subject, body } },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const welcome = await template(
    `E2E log welcome ${suffix}`,
    `Hello ${suffix}`,
    '<p>Dear {{ merchant.dba_name }}, your application is in.</p>',
  );
  const broken = await template(`E2E log too big ${suffix}`, `Too big ${suffix}`, UNRENDERABLE_LIQUID);
  const created = await page.request.post('/api/stages', {
    data: { data: { name: `E2E emails ${suffix}`, pipeline: 'dead' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const stageId = ((await created.json()) as { id: string }).id;
  for (const templateId of [welcome, broken]) {
    const action = await page.request.post(`/api/stages/${stageId}/actions`, {
      data: { data: { type: 'send_email', config: { templateId, to: 'contact' } } },
    });
    expect(action.status(), await action.text()).toBe(201);
  }
  const merchant = await page.request.post('/api/merchants', { data: { data: { dbaName, contactEmail } } });
  expect(merchant.status(), await merchant.text()).toBe(201);
  const merchantId = ((await merchant.json()) as { id: string }).id;
  const moved = await page.request.post(`/api/merchants/${merchantId}/stage`, { data: { stageId } });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto('/history/emails');
  const picker = page.getByRole('combobox', { name: 'Merchant' });
  await picker.fill(dbaName, { timeout: FIRST_PAINT });
  await page.getByRole('option', { name: dbaName }).click();
  await expect(page).toHaveURL(new RegExp(`merchantId=${merchantId}`));
  const grid = page.getByRole('grid', { name: 'Messages' });
  const sent = grid.getByRole('row').filter({ hasText: `Hello ${suffix}` });
  // A message that could not render has no subject: of this merchant's messages, it is the failed one.
  const failed = grid.getByRole('row').filter({ has: page.getByRole('gridcell', { name: 'Failed', exact: true }) });
  await expect(async () => {
    await page.reload();
    // No SMTP server in the e2e run: the message was only logged, and says so (decision 082).
    await expect(sent).toContainText('Logged only', { timeout: 5_000 });
    await expect(failed).toContainText('Failed', { timeout: 5_000 });
  }).toPass({ timeout: 150_000 });
  // Only this merchant's messages: the two of this stage and the entry stage's welcome email, if any.
  for (const row of await grid
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .all()) {
    await expect(row).toContainText(dbaName);
  }

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(sent).toBeHidden();
  await expect(failed).toContainText(contactEmail);
  expect(await seriousViolations(page, '/history/emails')).toEqual([]);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Logged only' }).click();
  await sent.getByRole('button', { name: `Show the message to ${contactEmail}`, exact: false }).click();
  await expect(page.getByRole('heading', { name: `Subject: Hello ${suffix}` })).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Rendered message"]').getByText(`Dear ${dbaName}, your application is in.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  // One attempt: a template that cannot render is not retried by itself.
  await expect(failed.getByRole('gridcell', { name: '1', exact: true })).toBeVisible();
  await failed.getByRole('button', { name: `Show the message to ${contactEmail}`, exact: false }).click();
  // The drawer says why in an alert (the list's "Why it failed" column says it too).
  await expect(page.getByRole('alert').filter({ hasText: /The template did not render/ })).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this message again?' });
  await expect(confirm).toContainText(contactEmail);
  await confirm.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('The message is queued again.')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  // The send job ran again: a second attempt, failed again for the same reason.
  await expect(async () => {
    await page.reload();
    await expect(failed.getByRole('gridcell', { name: '2', exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(failed).toContainText('Failed');
});
