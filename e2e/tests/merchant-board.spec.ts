import type { Page } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

type StageRow = { id: string; name: string; position: number; isActive: boolean };

/** The underwriting pipeline's active stages in board order, read with the page's session. */
async function boardStages(page: Page): Promise<StageRow[]> {
  const res = await page.request.get('/api/stages', {
    params: { pipeline: 'underwriting', isActive: 'true', sort: 'position', order: 'asc', pageSize: '100' },
  });
  expect(res.status(), 'GET /api/stages').toBe(200);
  return ((await res.json()) as { stages: StageRow[] }).stages;
}

/** The stages that record a decision when a merchant enters them (docs/decisions/098). */
async function decisionStageIds(page: Page): Promise<Set<string>> {
  const res = await page.request.get('/api/decision-stages');
  expect(res.status(), 'GET /api/decision-stages').toBe(200);
  return new Set(((await res.json()) as { mappings: { stageId: string }[] }).mappings.map((m) => m.stageId));
}

/** A move into a stage that records a decision asks for the reason first: the first one is given. */
async function giveReasonIfAsked(page: Page, stage: StageRow, decisionStages: Set<string>) {
  if (!decisionStages.has(stage.id)) return;
  const dialog = page.getByRole('dialog', { name: `Move to ${stage.name}?` });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  const reasons = page.getByRole('listbox', { name: 'Reason' });
  // The kinds' headings sit among the options: a reason reads "code · label".
  await reasons.getByRole('option', { name: / · / }).first().click();
  await expect(reasons).toBeHidden();
  await page.getByRole('button', { name: 'Record and move' }).click();
  await expect(dialog).toBeHidden();
}

async function stageOf(page: Page, id: string): Promise<string> {
  const res = await page.request.get(`/api/merchants/${id}`);
  expect(res.status(), 'GET /api/merchants/{id}').toBe(200);
  return ((await res.json()) as { stage: { id: string } }).stage.id;
}

// A card changes stage on the board by drag and by keyboard, and the server
// keeps it. Needs the merchant API (list, create, stage change) of the same round.
test('a merchant card moves to another stage by mouse, by the keys of its handle and by its menu, and stays there after a reload', async ({
  page,
}) => {
  test.slow();
  const stages = await boardStages(page);
  expect(stages.length, 'active underwriting stages').toBeGreaterThanOrEqual(3);
  const [first, second, third] = stages as [StageRow, StageRow, StageRow];
  const decisionStages = await decisionStageIds(page);

  const dbaName = `E2E Board ${uniqueSuffix()}`;
  const created = await page.request.post('/api/merchants', { data: { data: { dbaName, stageId: first.id } } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // Searching for its unique name leaves this card alone on the board.
  const url = `/merchant/underwriting/board?q=${encodeURIComponent(dbaName)}`;
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Underwriting board', level: 1 })).toBeVisible({
    timeout: FIRST_PAINT,
  });
  const column = (stage: StageRow) => page.getByRole('region', { name: stage.name, exact: true });
  const card = (stage: StageRow) => column(stage).getByRole('article', { name: dbaName });
  await expect(card(first)).toBeVisible({ timeout: FIRST_PAINT });
  await page.waitForLoadState('networkidle');

  // Mouse: drag the card by its handle onto the next column.
  const handle = card(first).getByRole('button', { name: `Drag ${dbaName} to another stage` });
  const from = (await handle.boundingBox())!;
  const to = (await column(second).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 16 });
  await page.mouse.up();
  await giveReasonIfAsked(page, second, decisionStages);
  await expect(card(second)).toBeVisible();
  await expect(page.getByText(`${dbaName} moved to ${second.name}`)).toBeVisible();
  await expect.poll(() => stageOf(page, id)).toBe(second.id);

  await page.reload();
  await expect(card(second)).toBeVisible({ timeout: FIRST_PAINT });
  await expect(card(first)).toHaveCount(0);
  await page.waitForLoadState('networkidle');

  // Keyboard on the drag handle: Space lifts, Right chooses the next column, Space drops, pressed
  // without waiting (the handle's own keys, ADR 021: nothing depends on a timer or a scroll).
  const keyHandle = card(second).getByRole('button', { name: `Drag ${dbaName} to another stage` });
  await keyHandle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await giveReasonIfAsked(page, third, decisionStages);
  await expect(card(third)).toBeVisible();
  await expect(page.getByText(`${dbaName} moved to ${third.name}`)).toBeVisible();
  await expect(card(third).getByRole('button', { name: `Drag ${dbaName} to another stage` })).toBeFocused();
  await expect.poll(() => stageOf(page, id)).toBe(third.id);

  await page.reload();
  await expect(card(third)).toBeVisible({ timeout: FIRST_PAINT });
  await expect(card(second)).toHaveCount(0);
  await page.waitForLoadState('networkidle');

  // Keyboard without dragging: the card's "Move to…" menu, opened and chosen with Enter.
  const moveButton = card(third).getByRole('button', { name: `Move ${dbaName} to…` });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: first.name, exact: true }).press('Enter');
  await giveReasonIfAsked(page, first, decisionStages);
  await expect(card(first)).toBeVisible();
  await expect.poll(() => stageOf(page, id)).toBe(first.id);

  await page.reload();
  await expect(card(first)).toBeVisible({ timeout: FIRST_PAINT });
  await expect(card(third)).toHaveCount(0);
});
