import type { APIRequestContext, Page, Response } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { demoPassword } from '../env.ts';
import { expect, signInThroughForm, test } from '../fixtures.ts';

/**
 * "Agents see their own merchants" on (docs/decisions/110, 117): the agent works the list, its
 * stage filter, the board and the add form without one request the API refuses. The setting is
 * global, so this spec runs in its own Playwright project after every other (playwright.config.ts):
 * the specs that check an agent's access-page-only rule never see it on.
 */

async function setAgentsSeeOwnMerchants(admin: APIRequestContext, on: boolean) {
  const res = await admin.patch('/api/settings', {
    data: { agentsSeeOwnMerchants: on, currentPassword: demoPassword },
  });
  expect(res.status(), `PATCH /api/settings: ${await res.text()}`).toBe(200);
}

async function created(res: Response | Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: string }> {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** Every answer of 400 or more the page receives, as "status METHOD path". */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  return failed;
}

test.afterAll(async ({ superadminApi }) => {
  await setAgentsSeeOwnMerchants(superadminApi, false);
});

test('an agent who sees their own merchants filters the list by stage, opens the board and adds a lead, with no request refused', async ({
  page,
  superadminApi,
  createUser,
}) => {
  test.slow();
  await setAgentsSeeOwnMerchants(superadminApi, true);
  const agent = await createUser('agent');
  const tag = uniqueSuffix();
  const own = await created(
    await superadminApi.post('/api/agents', {
      data: { data: { name: `E2E Own Agency ${tag}`, agentCode: `OWN-${tag}`, userId: agent.id } },
    }),
  );
  const other = await created(
    await superadminApi.post('/api/agents', {
      data: { data: { name: `E2E Other Agency ${tag}`, agentCode: `OTH-${tag}` } },
    }),
  );
  const mine = `E2E Mine ${tag}`;
  const theirs = `E2E Theirs ${tag}`;
  const mineId = (
    await created(await superadminApi.post('/api/merchants', { data: { data: { dbaName: mine, agentId: own.id } } }))
  ).id;
  const mineStage = (
    (await (await superadminApi.get(`/api/merchants/${mineId}`)).json()) as { stage: { name: string } }
  ).stage.name;
  await created(await superadminApi.post('/api/merchants', { data: { data: { dbaName: theirs, agentId: other.id } } }));

  const failed = failedRequests(page);
  await page.goto('/login');
  await signInThroughForm(page, agent);

  // The sales list: their merchant, not the other agent's.
  await page.goto('/merchant/sales');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').filter({ hasText: mine })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(grid.getByRole('row').filter({ hasText: theirs })).toHaveCount(0);

  // The stage filter offers the pipeline's stages; their merchant's keeps it in the list.
  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: mineStage, exact: true }).click();
  await expect(page).toHaveURL(/stageId=/);
  await expect(grid.getByRole('row').filter({ hasText: mine })).toBeVisible();
  // The agent picker offers their own account alone.
  // (A stand-in until its Autocomplete has loaded: click until the list opens.)
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await expect(page.getByRole('listbox')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('option', { name: `E2E Own Agency ${tag}` })).toBeVisible();
  await expect(page.getByRole('option', { name: `E2E Other Agency ${tag}` })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The board: the stages as columns, their card in one.
  await page.goto(`/merchant/sales/board?q=${encodeURIComponent(mine)}`);
  await expect(page.getByRole('heading', { name: 'Sales board', level: 1 })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByRole('article', { name: mine })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByRole('article', { name: theirs })).toHaveCount(0);

  // A new lead: only the pickers the agent may fill; it is saved with their agent account.
  const lead = `E2E Lead ${tag}`;
  await page.goto('/merchant/add');
  await expect(page.getByRole('heading', { name: 'Add Merchant', level: 1 })).toBeVisible({ timeout: FIRST_PAINT });
  await page.getByLabel('DBA name').fill(lead);
  for (const step of ['Contact and address', 'Owners', 'Processing', 'Banking', 'Assignment']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('combobox', { name: 'Stage' })).not.toHaveText(/^\s*$/);
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: `E2E Own Agency ${tag}` }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save merchant' }).click();
  await expect(page).toHaveURL(/\/merchant\/view\/[0-9a-f-]{36}$/, { timeout: FIRST_PAINT });
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  const saved = await page.request.get(`/api/merchants/${id}`);
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { agentId: string | null }).agentId).toBe(own.id);
  await expect(page.getByRole('heading', { name: lead })).toBeVisible({ timeout: FIRST_PAINT });
  await page.waitForLoadState('networkidle');

  expect(failed).toEqual([]);
});
