import type { APIRequestContext } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';
import { mainNav } from '../shell.ts';

type StageRow = { id: string; name: string };
type ScorecardRow = { id: string; status: string };

/**
 * The underwriting pipeline's active scorecard, activating a one-rule draft when there is none (the
 * demo seeds no scorecard). Only this spec touches scorecards, and the score is a recommendation:
 * no other spec reads it.
 */
async function ensureActiveScorecard(api: APIRequestContext) {
  const list = await api.get('/api/scorecards', { params: { pipeline: 'underwriting' } });
  expect(list.status(), 'GET /api/scorecards').toBe(200);
  const { scorecards } = (await list.json()) as { scorecards: ScorecardRow[] };
  if (scorecards.some((s) => s.status === 'active')) return;
  const draft = await api.post('/api/scorecards', {
    data: {
      data: {
        pipeline: 'underwriting',
        rules: [{ label: 'Owners named', field: 'ownersCount', operator: 'gte', value: '1', points: 10 }],
        thresholds: {
          reviewFrom: 50,
          declineFrom: 100,
          approveReasonCodeIds: [],
          reviewReasonCodeIds: [],
          declineReasonCodeIds: [],
        },
      },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = (await draft.json()) as ScorecardRow;
  const activated = await api.post(`/api/scorecards/${id}/activate`);
  // 409: a parallel run activated one first, which serves as well.
  expect([200, 409], await activated.text()).toContain(activated.status());
}

// An underwriter (a staff user: the roles have no underwriter of their own) opens an application
// whose owner is named like an entry of the demo's made-up sanctions list (entry 9004,
// MOONBEAM, Persimmon Ottoline), clears the hit with a reason, reads the score, approves with a
// reason code, and the merchant lands in Approved: the header and the list say so.
test('an underwriter clears a screening hit on an owner, reads the score and approves', async ({
  page,
  createUser,
  superadminApi,
}) => {
  test.slow();
  const stagesRes = await superadminApi.get('/api/stages', {
    params: { pipeline: 'underwriting', isActive: 'true', sort: 'position', order: 'asc', pageSize: '100' },
  });
  expect(stagesRes.status(), 'GET /api/stages').toBe(200);
  const stages = ((await stagesRes.json()) as { stages: StageRow[] }).stages;
  const submitted = stages[0]!;
  expect(stages.map((s) => s.name)).toContain('Approved');
  await ensureActiveScorecard(superadminApi);

  const dbaName = `Uw Journey Deli ${uniqueSuffix()}`;
  const created = await superadminApi.post('/api/merchants', {
    data: { data: { dbaName, stageId: submitted.id } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const merchantId = ((await created.json()) as { id: string }).id;
  const owner = await superadminApi.post(`/api/merchants/${merchantId}/owners`, {
    data: { data: { firstName: 'Persimmon Ottoline', lastName: 'Moonbeam', title: 'Owner' } },
  });
  expect(owner.status(), await owner.text()).toBe(201);
  const underwriter = await createUser('staff');

  // Into the application from the underwriting list.
  await page.goto('/login');
  await signInThroughForm(page, underwriter);
  await expect(page).toHaveURL('/home');
  await mainNav(page).getByRole('link', { name: 'Underwriting', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search merchants' }).fill(dbaName, { timeout: FIRST_PAINT });
  await page.getByRole('link', { name: dbaName }).click({ timeout: FIRST_PAINT });
  await expect(page.getByRole('heading', { level: 1, name: dbaName }), 'the merchant page').toBeVisible({
    timeout: FIRST_PAINT,
  });
  await page.getByRole('tab', { name: 'Underwriting' }).click();

  // The hit on the owner, against the list entry and its version; cleared with a reason.
  const matches = page.getByRole('list', { name: 'Matches' });
  const hit = matches.getByRole('listitem').filter({ hasText: '“MOONBEAM, Persimmon Ottoline”' });
  await expect(hit, 'the screening hit on the owner').toBeVisible();
  await expect(hit).toContainText('Persimmon Ottoline Moonbeam');
  await expect(hit).toContainText('entry 9004');
  await expect(hit).toContainText('open');
  await hit.getByRole('button', { name: 'Clear' }).click();
  const clearDialog = page.getByRole('dialog', { name: 'Clear this match?' });
  const why = 'Different person: born 1984 per passport on file.';
  await clearDialog.getByLabel('Why').fill(why);
  await clearDialog.getByRole('button', { name: 'Clear' }).click();
  await expect(clearDialog).toBeHidden();
  await expect(hit).toContainText(`cleared by ${underwriter.firstName}`);
  await expect(hit).toContainText(why);
  await expect(hit.getByRole('button', { name: 'Clear' })).toHaveCount(0);

  // The score, with its version and the rule by rule breakdown.
  const scoreCard = page
    .getByRole('heading', { level: 2, name: 'Scorecard' })
    .locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]');
  await expect(scoreCard.getByText(/^Score -?\d+$/), 'the score').toBeVisible();
  await expect(scoreCard.getByText(/^Recommends: /)).toBeVisible();
  await expect(scoreCard.getByText(/^Version \d+/)).toBeVisible();
  await expect(scoreCard.getByRole('table', { name: 'Score breakdown' })).toBeVisible();

  // Approved with a reason code: the decision moves the merchant to its stage.
  await page.getByRole('button', { name: 'Record decision' }).click();
  const decide = page.getByRole('dialog', { name: 'Record decision' });
  await expect(decide.getByRole('combobox', { name: 'Decision' })).toHaveText('Approved');
  await decide.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'R01 · Risk within appetite' }).click();
  await decide.getByLabel('Note (optional)').fill('Owner cleared; volumes in line with the statements.');
  await decide.getByRole('button', { name: 'Record' }).click();
  await expect(decide).toBeHidden();
  // The server's record first, then the page: a failure here says which of the two lags.
  await expect
    .poll(
      async () => {
        const res = await superadminApi.get(`/api/merchants/${merchantId}`);
        return ((await res.json()) as { stage?: { name: string } }).stage?.name;
      },
      { message: "the merchant's stage as the API reads it" },
    )
    .toBe('Approved');
  await expect(
    page.getByRole('button', { name: 'Stage: Underwriting · Approved. Change stage' }),
    'the stage on the merchant page',
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Decisions recorded' })).toContainText(
    'Approved · R01 Risk within appetite → Approved',
  );

  // The list agrees: the row reads Approved, as stage and as decision.
  await mainNav(page).getByRole('link', { name: 'Underwriting', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search merchants' }).fill(dbaName, { timeout: FIRST_PAINT });
  const row = page.getByRole('row').filter({ hasText: dbaName });
  await expect(row).toHaveCount(1, { timeout: FIRST_PAINT });
  await expect(row.getByRole('gridcell', { name: 'Approved', exact: true })).toHaveCount(2);
});
