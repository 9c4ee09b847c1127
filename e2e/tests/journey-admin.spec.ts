import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';
import { createMerchant } from '../merchant-fixtures.ts';

type StageRow = { id: string; name: string };

/** How the reports write a duration: "37 d 6 h", "2 d", "5 h 12 min", "45 min", or a dash for none. */
const DURATION = /^(\d+ d( \d+ h)?|\d+ h( \d+ min)?|\d+ min|—)$/;

// An administrator's round of the logs and reports: who did what to which merchant, what mail
// went out (none: the e2e server has no SMTP server), and how long merchants wait in each stage.
test('an admin reads the audit log by name, the emails log as logged only, and time in stage in days', async ({
  page,
  createUser,
}) => {
  test.slow();
  const admin = await createUser('admin');
  await page.goto('/login');
  await signInThroughForm(page, admin);
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1, name: `${admin.firstName} ${admin.lastName}` })).toBeVisible({
    timeout: FIRST_PAINT,
  });

  // Something of the admin's own in the audit log: a merchant moved to another stage.
  const dbaName = `Audit Diner ${uniqueSuffix()}`;
  const id = await createMerchant(page, { dbaName });
  const stages = await page.request.get('/api/stages', {
    params: { pipeline: 'underwriting', isActive: 'true', sort: 'position', order: 'asc', pageSize: '1' },
  });
  const [stage] = ((await stages.json()) as { stages: StageRow[] }).stages;
  const moved = await page.request.post(`/api/merchants/${id}/stage`, { data: { stageId: stage!.id } });
  expect(moved.status(), await moved.text()).toBe(200);

  // The audit log names its subject: the merchant's DBA, with its kind and id only underneath.
  await page.goto(`/history/audit?actorUserId=${admin.id}`);
  const audit = page.getByRole('grid', { name: 'Audit entries' });
  const row = audit.getByRole('row').filter({ hasText: 'merchant.stage_change' });
  await expect(row).toHaveCount(1, { timeout: FIRST_PAINT });
  await expect(row.getByText(dbaName, { exact: true })).toBeVisible();
  await expect(row.getByText(`merchant ${id}`, { exact: true })).toBeVisible();

  // The emails log: the welcome emails the demo data sent were only logged, and the page says why.
  await page.goto('/history/emails');
  await expect(page.getByRole('status').filter({ hasText: 'No mail server is configured' })).toBeVisible({
    timeout: FIRST_PAINT,
  });
  const messages = page.getByRole('grid', { name: 'Messages' });
  // The first start's welcome emails go through the outbox dispatcher and the job workers.
  await expect(async () => {
    await page.reload();
    await expect(messages.getByText('Logged only', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expect(messages.getByText('Sent', { exact: true })).toHaveCount(0);

  // Time in stage reads in days and hours, not in a bare number of hours.
  await page.goto('/report?preset=last12Months');
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible({ timeout: FIRST_PAINT });
  const table = page.getByRole('region', { name: 'Time in stage' }).getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: FIRST_PAINT });
  const medians = await table
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('th, td')[2]?.textContent ?? ''));
  expect(medians.length).toBeGreaterThan(0);
  for (const median of medians) expect(median).toMatch(DURATION);
  expect(
    medians.some((median) => / d( \d+ h)?$/.test(median)),
    `medians ${medians.join(', ')}`,
  ).toBe(true);
});
