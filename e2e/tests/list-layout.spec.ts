import type { Locator, Page } from '@playwright/test';
import { FIRST_PAINT, uniqueSuffix } from '../admin-fixtures.ts';
import { expect, test } from '../fixtures.ts';

// List layout at 1400 and 800px, keyboard focus, and where toasts go.
test.use({ signedInAs: 'admin' });

async function makeIndustry(page: Page, name: string) {
  const mcc = String(1000 + Math.floor(Math.random() * 8999));
  const res = await page.request.post('/api/industry', { data: { data: { name, mcc, riskLevel: 'high' } } });
  expect(res.status(), await res.text()).toBe(201);
  return `${name} (${mcc})`;
}

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

test('a long name is shown whole at 1400px; at 800px the row actions stay in view and nothing overflows', async ({
  page,
}) => {
  // The template list has the most columns: at 800px they are wider than the screen.
  const tag = uniqueSuffix();
  const name = `Welcome message for merchants onboarded through the partner programme ${tag}`;
  const res = await page.request.post('/api/templates', { data: { data: { name, channel: 'sms', body: 'Hi' } } });
  expect(res.status(), await res.text()).toBe(201);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/template/list?q=${tag}`);
  const cell = page.getByRole('gridcell', { name, exact: true });
  await expect(cell).toBeVisible({ timeout: FIRST_PAINT });
  // Sized by content: the name's cell is as wide as its text (no ellipsis).
  await expect.poll(() => cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('after a delete the focus is on the next row and the toast leaves the header buttons free', async ({ page }) => {
  const tag = uniqueSuffix();
  const first = await makeIndustry(page, `Focus A ${tag}`);
  await makeIndustry(page, `Focus B ${tag}`);
  await page.goto(`/industry/list?q=${tag}`);
  await expect(page.getByRole('gridcell', { name: `Focus A ${tag}`, exact: true })).toBeVisible({
    timeout: FIRST_PAINT,
  });

  // Keyboard: into the grid, along the row to its actions; the focused icon button shows a ring.
  // Each key waits for the focus the last one moved, as a user watching the screen does.
  const cell = page.getByRole('gridcell', { name: `Focus A ${tag}`, exact: true });
  await cell.click();
  await expect(cell).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: `Edit ${first}` })).toBeFocused();
  const remove = page.getByRole('button', { name: `Delete ${first}` });
  await page.keyboard.press('ArrowRight');
  await expect(remove).toBeFocused();
  expect(await remove.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const toast = page.getByText(`Industry ${first} deleted`);
  await expect(toast).toBeVisible();
  await expect(page.getByRole('gridcell', { name: `Focus B ${tag}`, exact: true })).toBeFocused();
  expect(await overlaps(toast, page.getByRole('button', { name: 'Add industry' }))).toBe(false);
});
