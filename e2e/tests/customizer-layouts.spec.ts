import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { currentMode, mainNav } from '../shell.ts';

// One sign-in, then every combination is set through the customizer in the same page (no reloads).
test.use({ signedInAs: 'admin', viewport: { width: 1440, height: 900 } });

const WIDE = 1440;

/** This browser alone sees the product configuration with the customizer on (no global change for other specs). */
async function enableCustomizer(page: Page) {
  await page.route('**/api/settings/public', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), customizerEnabled: true } });
  });
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Theme customizer' });

type Step = { group: string; option: string } | { toggle: string };

/** Opens the customizer, resets it, applies the steps and closes it again. */
async function customize(page: Page, steps: Step[]) {
  await page.getByRole('button', { name: 'Open theme customizer' }).click();
  const dialog = panel(page);
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  for (const step of steps) {
    if ('toggle' in step) await dialog.getByRole('switch', { name: step.toggle }).click();
    else
      await dialog
        .getByRole('radiogroup', { name: step.group })
        .getByRole('radio', { name: step.option, exact: true })
        .check();
  }
  await dialog.getByRole('button', { name: 'Close theme customizer' }).click();
  await expect(dialog).toBeHidden();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The luminance of an element's own background (0 black … 255 white). */
const luminanceOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });

const verticalPaper = (page: Page) => page.locator('.MuiDrawer-paper').filter({ has: mainNav(page) });

/**
 * What changes from run to run, covered in the baselines: the test user's initials,
 * the footer's year; on /home the greeting (hour, name) and every card's content (counts, dates,
 * other tests' merchants); on the list the grid's rows and its count. The frame stays compared:
 * menu, top bar, cards and their borders, the list's header, filters and grid header, colours,
 * direction and widths.
 */
function dynamicParts(page: Page, where: string) {
  const always = [page.getByRole('button', { name: /^Account menu for / }), page.locator('footer')];
  if (where === 'home')
    return [
      ...always,
      page.locator('main h1'),
      page.locator('main .MuiCardContent-root > :not(h1, h2)'),
      page.locator('main .MuiCardHeader-action'),
    ];
  return [...always, page.locator('.MuiDataGrid-row'), page.locator('.MuiTablePagination-displayedRows')];
}

/**
 * The view as a baseline: no pointer over it, nothing focused, animations finished (the
 * comparison's `animations: 'disabled'`), the dynamic parts masked. The baselines are made on
 * the CI's kind of machine (Debian, /usr/bin/chromium); `--update-snapshots` makes them anew.
 */
async function expectLooksLike(page: Page, where: string, name: string) {
  // The rows' masks need the rows: not the grid's loading state (a different frame).
  if (where !== 'home') await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await page.mouse.move(WIDE - 2, 898);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page).toHaveScreenshot(`${where}-${name}.png`, {
    animations: 'disabled',
    caret: 'hide',
    mask: dynamicParts(page, where),
    maxDiffPixelRatio: 0.002,
  });
}

type Combination = { name: string; steps: Step[]; check: (page: Page) => Promise<void> };

const combinations: Combination[] = [
  {
    name: 'vertical-light',
    steps: [],
    check: async (page) => {
      expect(await box(verticalPaper(page))).toMatchObject({ x: 0, width: 260 });
      expect((await box(page.locator('main'))).width).toBeLessThanOrEqual(1440);
      expect(await currentMode(page)).toBe('light');
    },
  },
  {
    name: 'vertical-dark',
    steps: [{ group: 'Mode', option: 'Dark' }],
    check: async (page) => expect.poll(() => currentMode(page)).toBe('dark'),
  },
  {
    name: 'vertical-semi-dark',
    steps: [{ group: 'Mode', option: 'Semi dark' }],
    check: async (page) => {
      expect(await currentMode(page)).toBe('light');
      expect(await luminanceOf(verticalPaper(page))).toBeLessThan(128);
    },
  },
  {
    name: 'bordered-full-width',
    steps: [
      { group: 'Skin', option: 'Bordered' },
      { group: 'Content width', option: 'Full' },
    ],
    check: async (page) => {
      expect((await box(page.locator('main'))).width).toBeCloseTo(WIDE - 260, 0);
      const card = page.locator('.MuiCard-root').first();
      if ((await card.count()) > 0) expect(await card.evaluate((c) => getComputedStyle(c).borderTopWidth)).toBe('1px');
    },
  },
  {
    name: 'collapsed',
    steps: [{ toggle: 'Menu collapsed' }],
    check: async (page) => {
      await expect.poll(async () => (await box(verticalPaper(page))).width).toBe(68);
      const main = await box(page.locator('main'));
      await verticalPaper(page).hover();
      await expect.poll(async () => (await box(verticalPaper(page))).width).toBe(260);
      // Over the content: the page does not move.
      expect((await box(page.locator('main'))).x).toBe(main.x);
      await page.mouse.move(WIDE / 2, 450);
      await expect.poll(async () => (await box(verticalPaper(page))).width).toBe(68);
    },
  },
  {
    name: 'horizontal-light',
    steps: [{ group: 'Menu layout', option: 'Horizontal' }],
    check: async (page) => {
      const header = page.getByRole('banner');
      await expect(header.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(verticalPaper(page)).toHaveCount(0);
      // The whole menu, as dropdowns: Settings holds the admin pages; /acl stays reachable.
      await expect(header.getByRole('link', { name: 'Access Control' })).toBeVisible();
      await header.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('menuitem', { name: 'Portal Global Settings' })).toBeVisible();
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'horizontal-dark',
    steps: [
      { group: 'Menu layout', option: 'Horizontal' },
      { group: 'Mode', option: 'Dark' },
    ],
    check: async (page) => expect.poll(() => currentMode(page)).toBe('dark'),
  },
  {
    name: 'vertical-rtl',
    steps: [{ toggle: 'Right to left' }],
    check: async (page) => {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect
        .poll(async () => {
          const nav = await box(verticalPaper(page));
          return Math.round(nav.x + nav.width);
        })
        .toBe(WIDE);
      expect((await box(page.locator('main'))).x).toBeLessThan(WIDE - 260);
    },
  },
  {
    name: 'horizontal-rtl',
    steps: [{ toggle: 'Right to left' }, { group: 'Menu layout', option: 'Horizontal' }],
    check: async (page) => {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const brand = await box(page.getByRole('banner').getByRole('link', { name: /landing page/ }));
      expect(brand.x).toBeGreaterThan(WIDE / 2);
    },
  },
];

test('the customizer on /home and a list page: each combination laid out as chosen and as its baseline, with no serious axe finding', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await enableCustomizer(page);
  await page.goto('/home');
  await expect(mainNav(page)).toBeVisible();
  const findings: string[] = [];

  await page.getByRole('button', { name: 'Open theme customizer' }).click();
  // The panel's code loads on the first click: axe needs the panel there, not on its way.
  await expect(panel(page)).toBeVisible();
  findings.push(...(await seriousViolations(page, 'customizer panel', '[role="dialog"]')));
  await expect(panel(page)).toHaveScreenshot('customizer-panel.png', { animations: 'disabled', caret: 'hide' });
  await panel(page).getByRole('button', { name: 'Close theme customizer' }).click();

  // Every combination on /home; on the list page the ones that move or recolour the data grid.
  const onList = new Set(['vertical-dark', 'vertical-semi-dark', 'collapsed', 'horizontal-light', 'vertical-rtl']);
  for (const where of ['home', 'user-list']) {
    if (where === 'user-list') {
      await customize(page, []);
      await mainNav(page).getByRole('button', { name: 'User' }).click();
      await mainNav(page).getByRole('link', { name: 'List', exact: true }).click();
      await expect(page).toHaveURL('/user/list');
      await expect(page.getByRole('grid')).toBeVisible();
    }
    for (const combination of combinations) {
      if (where === 'user-list' && !onList.has(combination.name)) continue;
      await customize(page, combination.steps);
      await combination.check(page);
      await expectLooksLike(page, where, combination.name);
      findings.push(...(await seriousViolations(page, `${where} ${combination.name}`)));
    }
  }
  await customize(page, []);
  expect(findings).toEqual([]);
});

test('the layout rule by resizing: below 1200px vertical and uncollapsed, the horizontal layout back when wide again', async ({
  page,
}) => {
  await enableCustomizer(page);
  await page.goto('/home');
  await customize(page, [{ group: 'Menu layout', option: 'Horizontal' }]);
  const headerNav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
  await expect(headerNav).toBeVisible();

  await page.setViewportSize({ width: 1000, height: 900 });
  await expect(headerNav).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await page.getByRole('button', { name: 'Open theme customizer' }).click();
  await expect(panel(page).getByRole('radio', { name: 'Horizontal' })).toBeDisabled();
  await expect(panel(page).getByRole('radio', { name: 'Vertical' })).toBeChecked();
  await panel(page).getByRole('button', { name: 'Close theme customizer' }).click();

  await page.setViewportSize({ width: WIDE, height: 900 });
  await expect(headerNav).toBeVisible();

  // Semi-dark is not offered with the horizontal menu, and choosing horizontal puts it back to light.
  await customize(page, [{ group: 'Mode', option: 'Semi dark' }, { toggle: 'Menu collapsed' }]);
  await expect.poll(async () => (await box(verticalPaper(page))).width).toBe(68);
  await page.setViewportSize({ width: 1000, height: 900 });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await page.setViewportSize({ width: WIDE, height: 900 });
  await expect.poll(async () => (await box(verticalPaper(page))).width).toBe(68);
  await page.getByRole('button', { name: 'Open theme customizer' }).click();
  await panel(page).getByRole('radiogroup', { name: 'Menu layout' }).getByRole('radio', { name: 'Horizontal' }).check();
  await expect(panel(page).getByRole('radiogroup', { name: 'Mode' }).getByRole('radio')).toHaveCount(2);
  await expect(panel(page).getByRole('radio', { name: 'Light' })).toBeChecked();
  await panel(page).getByRole('button', { name: 'Reset to defaults' }).click();
});
