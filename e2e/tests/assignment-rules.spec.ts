import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';

type StageRow = { id: string; name: string };

// An administrator sends high-risk applications entering a stage to a senior underwriter: the
// rule is made on its page, a merchant of a high-risk industry enters the stage, and the
// underwriter finds it in My Queue. The condition keeps the rule off every other test's merchants.
test('an assignment rule assigns a merchant entering its stage, and it shows in My Queue', async ({
  page,
  createUser,
  superadminApi,
}) => {
  test.slow();
  const tag = uniqueSuffix();
  const stagesRes = await superadminApi.get('/api/stages', {
    params: { pipeline: 'underwriting', isActive: 'true', sort: 'position', order: 'asc', pageSize: '100' },
  });
  const [submitted, next] = ((await stagesRes.json()) as { stages: StageRow[] }).stages;
  expect(next, 'two active underwriting stages').toBeDefined();
  const risky = await superadminApi.get('/api/industry', { params: { riskLevel: 'high', pageSize: '1' } });
  const [industry] = ((await risky.json()) as { industries: { id: string }[] }).industries;
  expect(industry, 'a high-risk industry in the demo data').toBeDefined();
  const industryId = industry!.id;
  const senior = await createUser('staff');
  const admin = await createUser('admin');

  await page.goto('/login');
  await signInThroughForm(page, admin);
  await page.goto('/assignment-rule/list');
  await page.getByRole('button', { name: 'Add assignment rule' }).click({ timeout: FIRST_PAINT });
  const form = page.getByRole('dialog', { name: 'Add assignment rule' });
  const ruleName = `High risk to seniors ${tag}`;
  await form.getByLabel('Name').fill(ruleName);
  await form.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: `${next!.name} (Underwriting)` }).click();
  await form.getByRole('combobox', { name: 'Users who receive' }).fill(senior.lastName);
  await page.getByRole('option', { name: `${senior.firstName} ${senior.lastName}` }).click();
  await form.getByRole('combobox', { name: 'Industry risk levels' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: ruleName })).toBeVisible();

  const dbaName = `E2E Assigned ${tag}`;
  const created = await superadminApi.post('/api/merchants', {
    data: { data: { dbaName, industryId, stageId: submitted!.id } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const merchantId = ((await created.json()) as { id: string }).id;
  const moved = await superadminApi.post(`/api/merchants/${merchantId}/stage`, { data: { stageId: next!.id } });
  expect(moved.status(), await moved.text()).toBe(200);

  // The senior underwriter's own queue.
  await page.context().clearCookies();
  await page.goto('/login');
  await signInThroughForm(page, senior);
  await page.goto('/my-queue');
  await expect(page.getByRole('heading', { name: 'My Queue' })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByRole('row').filter({ hasText: dbaName })).toContainText(next!.name);

  // The rule goes, so later tests meet no rule of this one.
  const rules = await superadminApi.get('/api/assignment-rules');
  const { assignmentRules } = (await rules.json()) as { assignmentRules: { id: string; name: string }[] };
  const rule = assignmentRules.find((r) => r.name === ruleName);
  expect((await superadminApi.delete(`/api/assignment-rules/${rule!.id}`)).ok()).toBe(true);
});
