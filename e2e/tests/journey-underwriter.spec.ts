import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';
import { mainNav } from '../shell.ts';

type StageRow = { id: string; name: string };

// An underwriter's morning (a staff user: the roles have no underwriter of their own): sign in,
// land on the desk, open an application waiting in underwriting, check its EIN, move it on and
// leave a note for the team; the timeline tells both.
test('an underwriter signs in to /home, checks an EIN and moves a merchant on with a note', async ({
  page,
  createUser,
  superadminApi,
}) => {
  test.slow();
  const stagesRes = await superadminApi.get('/api/stages', {
    params: { pipeline: 'underwriting', isActive: 'true', sort: 'position', order: 'asc', pageSize: '100' },
  });
  expect(stagesRes.status(), 'GET /api/stages').toBe(200);
  const [submitted, next] = ((await stagesRes.json()) as { stages: StageRow[] }).stages;
  expect(next, 'two active underwriting stages').toBeDefined();
  const dbaName = `Uw Bakery ${uniqueSuffix()}`;
  const created = await superadminApi.post('/api/merchants', {
    data: { data: { dbaName, taxId: '123456789', stageId: submitted!.id } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const underwriter = await createUser('staff');

  // Signed in without a returnUrl: the desk, not the landing page's "Go to Home".
  await page.goto('/login');
  await signInThroughForm(page, underwriter);
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`, ${underwriter.firstName} `) })).toBeVisible({
    timeout: FIRST_PAINT,
  });
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveCount(0);

  // The underwriting list, narrowed to the application, and into it.
  await mainNav(page).getByRole('link', { name: 'Underwriting', exact: true }).click();
  await expect(page).toHaveURL(/\/merchant\/underwriting/);
  await page.getByRole('searchbox', { name: 'Search merchants' }).fill(dbaName, { timeout: FIRST_PAINT });
  await page.getByRole('link', { name: dbaName }).click({ timeout: FIRST_PAINT });
  await expect(page.getByRole('heading', { level: 1, name: dbaName })).toBeVisible({ timeout: FIRST_PAINT });

  // The EIN: masked, revealed as it is written on paper, hidden again.
  await page.getByRole('tab', { name: 'Banking' }).click();
  const taxId = page.getByLabel('Tax id', { exact: true }).and(page.locator('span'));
  await expect(taxId).toHaveText('•••••6789');
  await page.getByRole('button', { name: 'Reveal tax id' }).click();
  await expect(taxId).toHaveText('12-3456789');
  await page.getByRole('button', { name: 'Hide tax id' }).click();
  await expect(taxId).toHaveText('•••••6789');
  await expect(page.getByRole('button', { name: 'Reveal tax id' })).toBeVisible();

  // The stage, through the header's dialog.
  await page.getByRole('button', { name: `Stage: Underwriting · ${submitted!.name}. Change stage` }).click();
  const dialog = page.getByRole('dialog', { name: 'Change stage' });
  await dialog.getByRole('list', { name: 'Underwriting' }).getByRole('button', { name: next!.name }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Stage: Underwriting · ${next!.name}. Change stage` })).toBeVisible();

  // The note for the team (the dialog itself takes none on this branch: the Notes tab does).
  const note = 'Asked for the last two bank statements.';
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByLabel('Add a note').fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' }).getByText(note)).toBeVisible();

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(
    timeline.getByText(`moved it from Underwriting · ${submitted!.name} to Underwriting · ${next!.name}`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(timeline.getByText(`“${note}”`)).toBeVisible();
});
