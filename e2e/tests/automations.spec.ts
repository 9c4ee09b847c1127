import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

// An automation built in the builder on /automation/list ("when a merchant enters
// Approved, email the contact and create a todo for the assignee") runs when a merchant enters the
// stage: its run on /history/automations, the email on /history/emails, the todo on /todo.
test('an automation built in the builder emails the contact and makes a todo when a merchant enters Approved', async ({
  page,
  signedInUser,
}) => {
  // The run goes through the outbox dispatcher and the job workers: slow on a loaded machine.
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const stageName = `Approved ${suffix}`;
  const templateName = `E2E approval email ${suffix}`;
  const automationName = `E2E approval ${suffix}`;
  const title = `Onboarding call ${suffix}`;
  const me = signedInUser!;

  // A stage and an email template of this test's own (the Dead pipeline: no other spec reorders it).
  const created = await page.request.post('/api/stages', { data: { data: { name: stageName, pipeline: 'dead' } } });
  expect(created.status(), await created.text()).toBe(201);
  const stage = (await created.json()) as { id: string };
  const template = await page.request.post('/api/templates', {
    data: {
      data: {
        name: templateName,
        channel: 'email',
        subject: `You are approved ${suffix}`,
        body: '<p>Welcome aboard, {{ merchant.dba_name }}.</p>',
      },
    },
  });
  expect(template.status(), await template.text()).toBe(201);

  await page.goto('/automation/list');
  await page.getByRole('button', { name: 'Add automation' }).first().click({ timeout: FIRST_PAINT });
  const builder = page.getByRole('dialog', { name: 'Add automation' });
  await builder.getByRole('textbox', { name: /Name/ }).fill(automationName);
  await builder.getByRole('combobox', { name: /To stage/ }).click();
  await page.getByRole('option', { name: stageName, exact: true }).click();
  await expect(builder.getByText(/merchants? match(es)? now/)).toBeVisible();

  await builder.getByRole('button', { name: 'Add action' }).click();
  let item = page.getByRole('dialog', { name: 'Add action 1' });
  await expect(item.getByRole('combobox', { name: /Type/ })).toHaveText('Send email');
  await item.getByRole('combobox', { name: /Email template/ }).fill(templateName);
  await page.getByRole('option', { name: templateName }).click();
  await item.getByRole('button', { name: 'Add' }).click();
  await expect(item).toBeHidden();

  await builder.getByRole('button', { name: 'Add action' }).click();
  item = page.getByRole('dialog', { name: 'Add action 2' });
  await item.getByRole('combobox', { name: /Type/ }).click();
  await page.getByRole('option', { name: 'Create todo' }).click();
  await item.getByRole('textbox', { name: /Title/ }).fill(title);
  await item.getByRole('spinbutton', { name: 'Due in days' }).fill('0');
  await item.getByRole('button', { name: 'Add' }).click();
  await expect(item).toBeHidden();
  await expect(
    builder.getByRole('listitem', { name: `2. Create todo “${title}” for the assigned user` }),
  ).toBeVisible();

  expect(await seriousViolations(page, 'automation builder', '[role="dialog"]')).toEqual([]);
  await builder.getByRole('button', { name: 'Save' }).click();
  await expect(builder).toBeHidden();
  await expect(page.getByText('Automation added')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: automationName })).toContainText(`to ${stageName}`);
  expect(await seriousViolations(page, '/automation/list')).toEqual([]);

  // A merchant with a contact email and this user assigned, moved into the stage through the API.
  const dbaName = `E2E Automation Merchant ${suffix}`;
  const contactEmail = `owner-${suffix}@example.com`.toLowerCase();
  const merchant = await page.request.post('/api/merchants', {
    data: { data: { dbaName, contactEmail, assignedUserId: me.id } },
  });
  expect(merchant.status(), await merchant.text()).toBe(201);
  const merchantId = ((await merchant.json()) as { id: string }).id;
  const moved = await page.request.post(`/api/merchants/${merchantId}/stage`, { data: { stageId: stage.id } });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto(`/history/automations?merchantId=${merchantId}`);
  const run = page.getByRole('row').filter({ hasText: automationName });
  await expect(async () => {
    await page.reload();
    await expect(run).toContainText('Succeeded', { timeout: 5_000 });
  }).toPass({ timeout: 150_000 });
  await expect(run).toContainText(dbaName);
  await run.getByRole('button', { name: /^Details of/ }).click();
  const details = page.getByRole('region', { name: 'Execution details' });
  await expect(details.getByRole('list', { name: 'Action results' }).getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page, '/history/automations')).toEqual([]);

  // The merchant's emails only: the log also holds others' (notifications of failed runs to admins).
  await page.goto(`/history/emails?merchantId=${merchantId}`);
  // The merchant's creation sent the entry stage's welcome email too: this one is the row with our subject.
  const email = page
    .getByRole('row')
    .filter({ hasText: contactEmail })
    .filter({ hasText: `You are approved ${suffix}` });
  await expect(async () => {
    await page.reload();
    // No SMTP server in the e2e run: logged only, not sent (decision 082).
    await expect(email).toContainText('Logged only', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });

  await page.goto(`/todo?view=today&q=${encodeURIComponent(title)}`);
  const list = page.getByRole('list', { name: 'Today todos' });
  await expect(list.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(list.getByText(dbaName)).toBeVisible();
});
