import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';
import { mainNav } from '../shell.ts';

// A staff member's day with a new lead of their own: the desk says the welcome email was only
// logged (the e2e server has no SMTP server), so does the merchant's timeline; a long note folds
// away; the access page says what the role may and may not, each under its own heading.
test('a staff member sees the welcome email as logged only, folds a long note and reads their access', async ({
  page,
  createUser,
  superadminApi,
}) => {
  test.slow();
  const staff = await createUser('staff');
  const dbaName = `Lead Cafe ${uniqueSuffix()}`;
  // Entering the default stage sends the Welcome template to the contact (the demo's stage action).
  const created = await superadminApi.post('/api/merchants', {
    data: { data: { dbaName, contactEmail: 'maria@example.com', assignedUserId: staff.id } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/login');
  await signInThroughForm(page, staff);
  await expect(page).toHaveURL('/home');

  // The desk's activity tells the email as it went: logged only, not sent.
  const activity = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: dbaName }) });
  await expect(async () => {
    await page.reload();
    await expect(activity.filter({ hasText: 'email logged only, not sent' })).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByText(`${dbaName} email sent`)).toHaveCount(0);

  await activity.getByRole('link', { name: dbaName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: dbaName })).toBeVisible({ timeout: FIRST_PAINT });
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByText(/^Email logged only, not sent/)).toBeVisible();
  await expect(timeline.getByText(/^Email sent/)).toHaveCount(0);

  // A long note shows its beginning, with Show more.
  const lines = Array.from({ length: 9 }, (_, i) => `Call ${i + 1}: left a message about the application.`);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByLabel('Add a note').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText(lines[0]!, { exact: false })).toBeVisible();
  await expect(notes.getByText(lines[8]!, { exact: false })).toHaveCount(0);
  await notes.getByRole('button', { name: 'Show more' }).click();
  await expect(notes.getByText(lines[8]!, { exact: false })).toBeVisible();
  await notes.getByRole('button', { name: 'Show less' }).click();
  await expect(notes.getByText(lines[8]!, { exact: false })).toHaveCount(0);

  // The access page: what staff may, and apart from it what they may not.
  await mainNav(page).getByRole('link', { name: 'Access Control' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access Control' })).toBeVisible({ timeout: FIRST_PAINT });
  const may = page.getByRole('list', { name: 'Your role may', exact: true });
  const mayNot = page.getByRole('list', { name: 'Your role may not', exact: true });
  await expect(may).toContainText('Manage everything');
  await expect(may).not.toContainText('audit');
  await expect(mayNot).toContainText('manage · audit, team-sla, job');
});
