import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

// A stage's actions are edited from /stage/list; a merchant entering the stage runs
// them (the execution on /history/stage-actions, the todo it made on /todo).
test('a create_todo action added to a stage runs when a merchant enters it', async ({ page, signedInUser }) => {
  test.slow();
  const suffix = uniqueSuffix();
  const stageName = `E2E actions ${suffix}`;
  const title = `Welcome call ${suffix}`;
  const me = signedInUser!;

  // A stage of this test's own, in the Dead pipeline (no other spec reorders it).
  const created = await page.request.post('/api/stages', { data: { data: { name: stageName, pipeline: 'dead' } } });
  expect(created.status(), await created.text()).toBe(201);
  const stage = (await created.json()) as { id: string };

  await page.goto('/stage/list');
  await page.getByRole('button', { name: `Actions of ${stageName}` }).click({ timeout: FIRST_PAINT });
  const editor = page.getByRole('dialog', { name: `Actions of ${stageName}` });
  await expect(editor.getByText('No actions yet.')).toBeVisible();

  await editor.getByRole('button', { name: 'Add action' }).click();
  const form = page.getByRole('dialog', { name: 'Add action' });
  await expect(form.getByRole('combobox', { name: /Type/ })).toHaveText('Create todo');
  await form.getByRole('textbox', { name: /Title/ }).fill(title);
  await form.getByRole('combobox', { name: /Assign to/ }).click();
  await page.getByRole('option', { name: 'A chosen user' }).click();
  await form.getByRole('combobox', { name: /^User/ }).fill(me.firstName);
  await page.getByRole('option', { name: new RegExp(me.lastName) }).click();
  await form.getByRole('spinbutton', { name: 'Due in days' }).fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Action added')).toBeVisible();
  const row = editor.getByRole('listitem').filter({ hasText: title });
  await expect(row).toBeVisible();

  expect(await seriousViolations(page, 'stage actions editor', '[role="dialog"]')).toEqual([]);

  // A merchant moved into the stage (through the API) runs its active actions.
  const dbaName = `E2E Stage Action Merchant ${suffix}`;
  const merchant = await page.request.post('/api/merchants', { data: { data: { dbaName } } });
  expect(merchant.status(), await merchant.text()).toBe(201);
  const merchantId = ((await merchant.json()) as { id: string }).id;
  const moved = await page.request.post(`/api/merchants/${merchantId}/stage`, { data: { stageId: stage.id } });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto('/history/stage-actions');
  // Its creation ran the default entry stage's own actions: this stage's row is the one that names it.
  const execution = page.getByRole('row').filter({ hasText: dbaName }).filter({ hasText: stageName });
  await expect(async () => {
    await page.reload();
    await expect(execution).toContainText('Succeeded', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(execution).toContainText(title);

  await page.goto(`/todo?view=today&q=${encodeURIComponent(title)}`);
  const list = page.getByRole('list', { name: 'Today todos' });
  await expect(list.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(list.getByText(dbaName)).toBeVisible();
});
