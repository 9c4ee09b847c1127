import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'staff' });

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('main')
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join('; ')}`);
}

/** The figure of the "My todos" tile on /home behind `label` (Due today, Overdue). */
async function homeTodoFigure(page: Page, label: string): Promise<number> {
  await page.goto('/home');
  const tile = page.getByRole('region', { name: 'My todos' });
  const figure = tile.getByRole('link', { name: new RegExp(`^\\d+\\s*${label}$`) });
  await expect(figure).toBeVisible({ timeout: FIRST_PAINT });
  return Number.parseInt((await figure.innerText()).trim(), 10);
}

/** A merchant of this test's own, made through the API with the page's session. */
async function createMerchant(page: Page): Promise<{ id: string; dbaName: string }> {
  const stages = await page.request.get('/api/stages', { params: { pipeline: 'sales', isActive: 'true' } });
  expect(stages.status(), 'GET /api/stages').toBe(200);
  const [stage] = ((await stages.json()) as { stages: { id: string }[] }).stages;
  const dbaName = `E2E Todo Merchant ${uniqueSuffix()}`;
  const created = await page.request.post('/api/merchants', { data: { data: { dbaName, stageId: stage!.id } } });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, dbaName };
}

// A todo added from the merchant view is on /todo under Today, and the keyboard
// completes it there; the page has no serious or critical accessibility violation.
test('a todo added on a merchant shows under Today and is completed with the keyboard', async ({ page }) => {
  test.slow();
  const merchant = await createMerchant(page);
  const title = `Call the owner ${uniqueSuffix()}`;

  await page.goto(`/merchant/view/${merchant.id}?tab=todos`);
  const add = page.getByLabel('Add a todo for this merchant');
  await expect(add).toBeVisible({ timeout: FIRST_PAINT });
  await add.fill(title);
  await add.press('Enter');
  await expect(page.getByRole('list', { name: 'Open todos of this merchant' }).getByText(title)).toBeVisible();
  // The home tile counts it among my todos due today (no other spec gives the staff user one).
  const dueBefore = await homeTodoFigure(page, 'Due today');
  expect(dueBefore).toBeGreaterThan(0);

  await page.goto(`/todo?view=today&q=${encodeURIComponent(title)}`);
  const list = page.getByRole('list', { name: 'Today todos' });
  await expect(list).toBeVisible({ timeout: FIRST_PAINT });
  const row = list.getByRole('button', { name: new RegExp(`^${title}`) });
  await expect(row).toBeVisible();
  await expect(list.getByText(merchant.dbaName)).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  // The row is the list's one tab stop; Space on it completes the todo (and does not open it).
  await row.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Completed “${title}”`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Todo views' })
    .getByRole('button', { name: /^Completed/ })
    .click();
  await expect(page.getByRole('list', { name: 'Completed todos' }).getByText(title)).toBeVisible();

  // The home tile's count changes with it.
  await expect.poll(() => homeTodoFigure(page, 'Due today')).toBe(dueBefore - 1);

  // The merchant's timeline tells both steps.
  await page.goto(`/merchant/view/${merchant.id}?tab=timeline`);
  await expect(page.getByText(`added the todo “${title}”`)).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByText(`completed the todo “${title}”`)).toBeVisible();
});

test('the todo page has no serious or critical accessibility violation, empty or with a drawer open', async ({
  page,
}) => {
  await page.goto('/todo');
  await expect(page.getByRole('heading', { name: 'Todo', level: 1 })).toBeVisible({ timeout: FIRST_PAINT });
  await expect(page.getByText(/Nothing to do/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const add = page.getByLabel('Add a todo');
  await add.fill('Check the axe report');
  await add.press('Enter');
  const row = page.getByRole('button', { name: /^Check the axe report/ });
  await row.click();
  await expect(page.getByRole('heading', { name: 'Todo details' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .include('.MuiDialog-paper')
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
