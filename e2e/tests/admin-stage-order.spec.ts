import type { Page } from '@playwright/test';
import { FIRST_PAINT, rowNames, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

// /stage/list groups stages by pipeline; drag (and keyboard) to reorder; the order is kept.
test('a stage added to a pipeline is reordered by keyboard and by drag, and the order survives a reload', async ({
  page,
}) => {
  test.slow();
  const name = `E2E stage ${uniqueSuffix()}`;
  await page.goto('/stage/list');

  // Withdrawn: a pipeline no other spec touches, with several seeded stages.
  const pipeline = page.getByRole('region', { name: 'Withdrawn' });
  const list = pipeline.getByRole('list', { name: 'Withdrawn stages' });
  // The header paints before the stages arrive: the first paint is the list's.
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByRole('heading', { name: 'Stages', level: 1 })).toBeVisible();
  const before = await rowNames(list);
  expect(before.length, 'seeded Withdrawn stages').toBeGreaterThanOrEqual(2);

  await pipeline.getByRole('button', { name: 'Add stage to Withdrawn' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add stage' });
  await expect(dialog.getByRole('combobox', { name: 'Pipeline' })).toHaveText('Withdrawn');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Stage added')).toBeVisible();

  // A new stage goes last in its pipeline.
  const added = [...before, name];
  await expect.poll(() => rowNames(list)).toEqual(added);

  // Keyboard: pick up with Space, one place up, drop with Space.
  const handle = list.getByRole('button', { name: `Drag to reorder ${name}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  const oneUp = [...before.slice(0, -1), name, before.at(-1)!];
  await expect.poll(() => rowNames(list)).toEqual(oneUp);
  await expect(page.getByText('Stage order saved').first()).toBeVisible();
  await expect.poll(() => stageNames(page)).toEqual(oneUp);

  // Pointer: drag it by its handle onto the first stage.
  const firstRow = list.getByRole('listitem', { name: before[0], exact: true });
  const from = (await handle.boundingBox())!;
  const to = (await firstRow.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 12 });
  await page.mouse.up();
  const onTop = [name, ...before];
  await expect.poll(() => rowNames(list)).toEqual(onTop);
  await expect.poll(() => stageNames(page)).toEqual(onTop);

  // The server kept it: a reload shows the same order.
  await page.reload();
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: FIRST_PAINT });
  expect(await rowNames(list)).toEqual(onTop);
});

/** The Withdrawn pipeline's stage names in their stored order, read with the page's session. */
async function stageNames(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/stages', {
    params: { pipeline: 'withdrawn', sort: 'position', order: 'asc', pageSize: '100' },
  });
  expect(res.status(), 'GET /api/stages').toBe(200);
  const { stages } = (await res.json()) as { stages: { name: string }[] };
  return stages.map((s) => s.name);
}
