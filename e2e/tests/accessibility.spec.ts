import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { defineAbilityFor, type Action } from '@boardwalk/shared/ability';
import { MERCHANT_VIEWS, PIPELINES } from '@boardwalk/shared/pipelines';
import { FIRST_PAINT, UNRENDERABLE_LIQUID, uniqueSuffix } from '../admin-fixtures.ts';
import { markupDigest, seriousViolations } from '../axe.ts';
import { baseURL, roles, type Role } from '../env.ts';
import { expect, signedInState, test, type TestUser } from '../fixtures.ts';
import { currentMode } from '../shell.ts';

/**
 * Axe on every route of the app's route table, as every role that may open it, in
 * light and dark mode, at 1400 and 800px (where the menu is a drawer, checked open); with the
 * records' pages (a user, a template, a merchant and each of its tabs) and the edit dialogs of
 * the lists. Any serious or critical violation fails. How it stays fast (decision 031):
 * - one browser page per role, signed in once, moving between routes in the page as a menu link
 *   does; the colour mode is switched in place;
 * - axe is put into the page once, and collects violations only;
 * - a screen whose markup is the same as one already checked in the same mode and width (another
 *   role seeing the same list) is not checked again: axe would see exactly the same thing;
 * - one test per width, so two workers take one each.
 */

/**
 * No Playwright trace here (decision 048): the config records one for every test, and the sweep's
 * thousands of actions each took a DOM snapshot while a screencast ran, a third of the sweep's
 * CPU. A finding names its screen, role, mode and width, and a failure still leaves a screenshot;
 * to follow a run step by step, run the spec with `--trace on`.
 */
test.use({ trace: 'off' });

const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];
const WIDTHS = [1400, 800] as const;
const HEIGHT = 900;
/** The signed-in routes are dealt out to two tests by turns, so the two workers share the heavy pages. */
const PARTS = 2;
const roleValue: Record<Role, string> = {
  superadmin: 'ROLE_SUPERADMIN',
  admin: 'ROLE_ADMIN',
  staff: 'ROLE_STAFF',
  agent: 'ROLE_AGENT',
};
const abilityOf = (role: Role) => defineAbilityFor({ role: roleValue[role] });

type RouteEntry = { path: string; action: Action; subject: string; open: boolean };

/** The merchant list and board routes, which route-table.tsx makes from these same constants. */
const MERCHANT_ROUTES: RouteEntry[] = [
  ...MERCHANT_VIEWS.map((view) => `/merchant/${view}`),
  ...PIPELINES.map((pipeline) => `/merchant/${pipeline}/board`),
].map((path) => ({ path, action: 'read', subject: 'merchant', open: false }));

/**
 * The entries of apps/web/src/app/route-table.tsx, read from its source: it imports React pages,
 * which Playwright's Node cannot load. Each entry is one `path: '…'` with its options up to the
 * next path, plus the generated merchant routes; the count check below fails when the format drifts.
 */
function routeTable(): RouteEntry[] {
  return [...writtenRoutes(), ...MERCHANT_ROUTES];
}

function writtenRoutes(): RouteEntry[] {
  const source = readFileSync(new URL('../../apps/web/src/app/route-table.tsx', import.meta.url), 'utf8');
  const table = source.slice(source.indexOf('export const routeTable'));
  const chunks = table.split(/(?=\bpath: ')/).slice(1);
  return chunks.map((chunk) => {
    const path = /^path: '([^']+)'/.exec(chunk)![1]!;
    const ability = /ability: \{ action: '(\w+)', subject: '([\w-]+)' \}/.exec(chunk);
    return {
      path,
      action: (ability?.[1] ?? 'manage') as Action,
      subject: ability?.[2] ?? 'all',
      open: /\b(public|guestOnly|start): true/.test(chunk),
    };
  });
}

const ROUTES = routeTable();

/** While working on a page: E2E_AXE_ROUTES=/stage/list,/merchant/view checks only routes starting so. */
const only = process.env.E2E_AXE_ROUTES?.split(',');

/** The signed-in routes a role may open, by the shared rules the app's route gate applies. */
const routesOf = (role: Role) =>
  ROUTES.filter(
    (r) =>
      !r.open &&
      abilityOf(role).can(r.action, r.subject) &&
      (!only || only.some((prefix) => r.path.startsWith(prefix))),
  );

/** Records that exist for the run: the pages with an id open these. */
type Records = { tempUser: string; superadmin: string; lockedUser: string; template: string; merchant: string };

/** The URLs to check for a route as a role: its records' pages for routes with an id. */
function urlsFor(path: string, user: TestUser, records: Records): string[] {
  switch (path) {
    case '/user/view/:id':
      // Their own profile, and another user's for who may read users.
      return [
        `/user/view/${user.id}`,
        ...(abilityOf(user.role).can('read', 'user') ? [`/user/view/${records.tempUser}`] : []),
      ];
    case '/user/edit/:id':
      // A user who must change their password (its chip); a superadmin (what an admin may not do);
      // a user locked out by failed sign-ins (the lock's line in the status card).
      return [`/user/edit/${records.tempUser}`, `/user/edit/${records.superadmin}`, `/user/edit/${records.lockedUser}`];
    case '/merchant/all':
      // Also only the rows over their stage's SLA: other specs' new merchants fill the first page.
      return [path, `${path}?overSla=true`];
    case '/history/emails':
      // Also only the failed messages: other specs' sent ones fill the first page.
      return [path, `${path}?status=failed`];
    case '/template/edit/:id':
      return [`/template/edit/${records.template}`];
    case '/merchant/view/:id':
      return [`/merchant/view/${records.merchant}`];
  }
  if (path.includes(':')) throw new Error(`${path}: no record to open here; add one to urlsFor`);
  return [path];
}

/**
 * A role's visits in order: the first URL of every route, then the second ones, so that the same
 * route is never opened twice in a row (its heading would then stay the same element, and the
 * visit could not tell the new page had come).
 */
function visitsOf(user: TestUser, records: Records): { path: string; url: string }[] {
  const urls = routesOf(user.role).map((route) => ({ path: route.path, urls: urlsFor(route.path, user, records) }));
  const rounds = Math.max(...urls.map((u) => u.urls.length));
  const visits = Array.from({ length: rounds }, (_, round) =>
    urls.flatMap(({ path, urls }) => (urls[round] ? [{ path, url: urls[round] }] : [])),
  ).flat();
  return visits;
}

/** A part of a role's visits, checked not to open one route twice in a row (see visitsOf). */
function partOf(visits: { path: string; url: string }[], part: number) {
  const mine = visits.filter((_, i) => i % PARTS === part);
  mine.forEach((visit, i) => {
    if (i > 0 && mine[i - 1]!.path === visit.path) throw new Error(`${visit.path} would be opened twice in a row`);
  });
  return mine;
}

/** What shows that a page is still loading: progress bars, skeletons, spinners, busy regions. */
const BUSY = '.MuiLinearProgress-root, .MuiSkeleton-root, .MuiCircularProgress-root, [aria-busy="true"]';

/**
 * Twice a first paint: /api-docs (Swagger UI, its bundle and the whole API document) took 20 s
 * and more to settle on two cores shared at a load average of 20–30.
 */
const SETTLE = 2 * FIRST_PAINT;

async function settled(page: Page) {
  await expect(page.locator(BUSY)).toHaveCount(0, { timeout: SETTLE });
}

/** Two animation frames: what a mode switch or a resize re-renders is painted before axe reads colours. */
async function painted(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  );
}

/**
 * What axe measures is the page at rest: the pointer off everything (a hovered button's shade, or
 * one caught halfway through its fade, is not what the page shows; the review's hover shades are
 * checked in the theme's unit test instead), and every transition ended. The pointer goes outside
 * the viewport, over nothing; a resize or a click had left it over whatever came under it.
 */
async function atRest(page: Page) {
  await page.mouse.move(-1, -1);
  // One round trip: two frames (the pointer's leaving painted), then whatever transition that or
  // the last change started, to its end.
  const hovered = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))));
    // Fades and slides end within a second; spinners and skeleton pulses (endless) are no state to wait for.
    const ending = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
      )
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
    return document.querySelectorAll('button:hover, a:hover, [role="row"]:hover, li:hover').length;
  });
  expect(hovered, 'nothing under the pointer').toBe(0);
}

/**
 * CSS transitions off in the sweep's pages (decision 048). A transition only delays the state it
 * ends in, and axe is run on the page at rest, so what axe reads is the same; without them a mode
 * switch, a resize or a dialog is at rest two frames later, not after every fade and colour
 * change has been painted frame by frame. Animations (spinners, skeletons) stay: they are the
 * busy signals that `settled` waits for.
 */
async function withoutTransitions(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    });
  });
}

/**
 * Moves the app to a URL as its router would on a link click (no reload; the shell stays), and
 * waits for the new page: a heading that was not on the old one (or, when the router keeps the
 * same page for another record, the heading's new text), and nothing loading.
 */
async function navigate(page: Page, url: string) {
  const before = await page.evaluate((to) => {
    const headings = [...document.querySelectorAll('h1')];
    for (const heading of headings) heading.setAttribute('data-e2e-left', '');
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return headings.map((heading) => heading.textContent).join('|');
  }, url);
  await expect(page).toHaveURL(url);
  await expect
    .poll(
      () =>
        page.evaluate((old) => {
          const headings = [...document.querySelectorAll('h1')];
          const text = headings.map((heading) => heading.textContent).join('|');
          return headings.some((h) => !h.hasAttribute('data-e2e-left')) || (text !== '' && text !== old);
        }, before),
      // Polled often: a page shown between two slow polls would cost every visit the difference.
      { timeout: FIRST_PAINT, intervals: [50, 100, 200] },
    )
    .toBe(true);
  await settled(page);
}

/** A user with a temporary password, so their edit page shows the "Must change password" chip. */
async function userWithTemporaryPassword(api: APIRequestContext): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const res = await api.post('/api/users', {
    data: {
      data: {
        email: `e2e.axe.${tag}@example.com`,
        password: `E2e-temp-${tag}-${Date.now()}`,
        role: 'ROLE_STAFF',
        firstName: 'Axe',
        lastName: `Check ${tag}`,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function firstOf(api: APIRequestContext, path: string, key: string, params: Record<string, string> = {}) {
  const res = await api.get(path, { params: { pageSize: '1', ...params } });
  expect(res.status(), `GET ${path}`).toBe(200);
  const rows = ((await res.json()) as Record<string, { id: string }[]>)[key] ?? [];
  expect(rows.length, `GET ${path} has a row (the demo seed)`).toBeGreaterThan(0);
  return rows[0]!.id;
}

/**
 * The states that depend on the clock, made relative to now for the user the sweep signs in as: an
 * overdue todo and a merchant over its stage's SLA on their desk. The run's own (a failed message,
 * a locked-out user) come with the records (recordsFor); /merchant/all and /history/emails are
 * also visited filtered to them.
 */
async function timeDependentStates(api: APIRequestContext, user: TestUser) {
  await overdueTodo(api, user);
  // An agent is never a merchant's assignee: their desk has no "mine" over the SLA.
  if (user.role !== 'agent') await overSlaMerchantOf(api, user);
}

/**
 * The demo seed's overdue todos were overdue when it ran, and belong to the demo users. An
 * overdue, important, high-priority todo with a tag shows every part of a todo row.
 */
async function overdueTodo(api: APIRequestContext, user: TestUser) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const res = await api.post('/api/todos', {
    data: {
      data: {
        title: 'Chase the voided check',
        dueOn: yesterday,
        assigneeId: user.id,
        priority: 'high',
        isImportant: true,
        tags: ['kyc'],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * A merchant over its stage's SLA (the demo seed's stage times are relative to its first start),
 * assigned to the user, so their desk's "Over their stage's SLA" lists one of theirs. Each user
 * takes an unassigned one; a 409 means another sweep took it first, so the next one is tried.
 */
async function overSlaMerchantOf(api: APIRequestContext, user: TestUser) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const res = await api.get('/api/merchants', {
      params: { overSla: 'true', assignee: 'none', pageSize: '25' },
    });
    expect(res.status()).toBe(200);
    const rows = ((await res.json()) as { merchants: { id: string; updatedAt: string }[] }).merchants;
    expect(rows.length, 'the demo seed has unassigned merchants over their SLA').toBeGreaterThan(0);
    const merchant = rows[Math.floor(Math.random() * rows.length)]!;
    const assigned = await api.post(`/api/merchants/${merchant.id}/assignment`, {
      data: { assignedUserId: user.id, updatedAt: merchant.updatedAt },
    });
    if (assigned.status() === 409) continue;
    expect(assigned.status(), await assigned.text()).toBe(200);
    return;
  }
  throw new Error(`no over-SLA merchant could be assigned to ${user.email}`);
}

/**
 * A failed message, made the way one fails in use: a stage (of the Dead pipeline, which no other
 * spec reorders) whose action emails the merchant's contact a template that cannot render,
 * entered by a merchant. The sweep opens the log once the failure is recorded (the dispatcher and
 * the send job run it).
 */
async function failedMessage(api: APIRequestContext) {
  const suffix = uniqueSuffix();
  const template = await api.post('/api/templates', {
    data: { data: { name: `Axe too big ${suffix}`, channel: 'email', subject: 'Too big', body: UNRENDERABLE_LIQUID } },
  });
  expect(template.status(), await template.text()).toBe(201);
  const stage = await api.post('/api/stages', { data: { data: { name: `Axe emails ${suffix}`, pipeline: 'dead' } } });
  expect(stage.status(), await stage.text()).toBe(201);
  const stageId = ((await stage.json()) as { id: string }).id;
  const templateId = ((await template.json()) as { id: string }).id;
  const action = await api.post(`/api/stages/${stageId}/actions`, {
    data: { data: { type: 'send_email', config: { templateId, to: 'contact' } } },
  });
  expect(action.status(), await action.text()).toBe(201);
  const merchant = await api.post('/api/merchants', {
    data: { data: { dbaName: `Axe Unrendered ${suffix}`, contactEmail: `axe-${suffix}@example.com` } },
  });
  expect(merchant.status(), await merchant.text()).toBe(201);
  const merchantId = ((await merchant.json()) as { id: string }).id;
  const moved = await api.post(`/api/merchants/${merchantId}/stage`, { data: { stageId } });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await api.get('/api/history/emails', { params: { merchantId, status: 'failed' } });
        return ((await res.json()) as { total: number }).total;
      },
      { timeout: 120_000, message: 'the failed message is recorded' },
    )
    .toBe(1);
}

/** The demo seed's locked-out user (locked from the server's first start on), checked still locked. */
async function lockedOutUser(api: APIRequestContext) {
  const id = await firstOf(api, '/api/users', 'users', { q: 'liam.obrien@example.com' });
  const res = await api.get(`/api/users/${id}`);
  const lockedUntil = ((await res.json()) as { lockedUntil: string | null }).lockedUntil;
  expect(lockedUntil !== null && Date.parse(lockedUntil) > Date.now(), 'the demo user is locked out').toBe(true);
  return id;
}

async function recordsFor(api: APIRequestContext): Promise<Records> {
  await failedMessage(api);
  return {
    tempUser: await userWithTemporaryPassword(api),
    superadmin: await firstOf(api, '/api/users', 'users', { q: 'superadmin@example.com' }),
    lockedUser: await lockedOutUser(api),
    template: await firstOf(api, '/api/templates', 'templates'),
    merchant: await firstOf(api, '/api/merchants', 'merchants'),
  };
}

test('the route table is read whole', () => {
  const source = readFileSync(new URL('../../apps/web/src/app/route-table.tsx', import.meta.url), 'utf8');
  const table = source.slice(source.indexOf('export const routeTable'));
  expect(ROUTES.length).toBe((table.match(/\bpath: '/g)?.length ?? 0) + MERCHANT_ROUTES.length);
  expect(source).toContain('...merchantViewRoutes');
  expect(source).toContain('path: `/merchant/${view}`');
  expect(source).toContain('path: `/merchant/${pipeline}/board`');
  expect(ROUTES.length).toBeGreaterThan(30);
  expect(ROUTES.map((r) => r.path)).toEqual(
    expect.arrayContaining([
      '/home',
      '/acl',
      '/user/list',
      '/merchant/sales/board',
      '/merchant/view/:id',
      '/login',
      '*',
    ]),
  );
  // Every role has pages to check, and every signed-in route is checked by some role.
  for (const role of roles) expect(routesOf(role).length, role).toBeGreaterThan(0);
  const checked = new Set(roles.flatMap((role) => routesOf(role).map((r) => r.path)));
  expect(ROUTES.filter((r) => !r.open && !checked.has(r.path)).map((r) => r.path)).toEqual([]);
});

test('the sign-in page and the public pages have no serious or critical violations, light and dark, 1400 and 800px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const mode of MODES) {
      // Signed out, the mode is the one this browser last stored (the app's 'settings' key).
      await page.goto('/login');
      await page.evaluate((m) => window.localStorage.setItem('settings', JSON.stringify({ mode: m })), mode);
      await page.reload();
      await expect.poll(() => currentMode(page)).toBe(mode);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: FIRST_PAINT });
      found.push(...(await seriousViolations(page, `/login (${mode}, ${width}px)`)));
      // The same for every role: checked once, signed out.
      for (const route of ROUTES.filter((r) => r.open && r.path !== '/login')) {
        const url = route.path === '*' ? '/no-such-page' : route.path;
        await navigate(page, url);
        found.push(...(await seriousViolations(page, `${url} (${mode}, ${width}px)`)));
      }
    }
  }
  expect(found).toEqual([]);
});

type Session = { user: TestUser; page: Page; mode: Mode; width: Width };
type Width = (typeof WIDTHS)[number];

for (let part = 0; part < PARTS; part += 1) {
  test(`signed-in routes, part ${part + 1} of ${PARTS}: as every role that may open each, light and dark, 1400 and 800px`, async ({
    browser,
    playwright,
    createUser,
    superadminApi,
  }) => {
    test.setTimeout(1_200_000);
    const records = await recordsFor(superadminApi);
    const found: string[] = [];
    const checked = new Set<string>();
    let runs = 0;
    let same = 0;
    let screensSkipped = 0;
    /** Where the time goes, reported with the test (the sweep must keep the whole e2e pass in CI's budget). */
    const spent = { axe: 0, rest: 0, states: 0 };
    const timed = async <T>(what: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      try {
        return await work();
      } finally {
        spent[what] += Date.now() - started;
      }
    };
    /** How long each move to a page took, the slowest reported (a wait that nears its limit shows here first). */
    const timings: { url: string; ms: number }[] = [];

    /**
     * axe on what a selector holds (or the whole page), unless that same markup was checked
     * already; true when it was (nothing run).
     */
    const check = async (session: Session, where: string, selector?: string): Promise<boolean> => {
      await timed('rest', () => atRest(session.page));
      const digest = await markupDigest(session.page, selector ?? 'body');
      const key = `${session.mode} ${session.width} ${selector ?? 'page'} ${digest}`;
      if (checked.has(key)) {
        same += 1;
        return true;
      }
      checked.add(key);
      runs += 1;
      const label = `${where} as ${session.user.role} (${session.mode}, ${session.width}px)`;
      const violations = await timed('axe', () => seriousViolations(session.page, label, selector));
      // Soft: every screen is reported, even when a later one fails or the time runs out.
      expect.soft(violations, label).toEqual([]);
      found.push(...violations);
      return false;
    };

    /** Switches light ↔ dark with the top bar's toggle (a click event: no hover, so no tooltip). */
    const toggleMode = async (session: Session) => {
      const next: Mode = session.mode === 'light' ? 'dark' : 'light';
      // By CSS, not by role: under an open dialog the toggle is hidden from the accessibility tree.
      await session.page.locator('header button[aria-label^="Switch to "]').dispatchEvent('click');
      await expect.poll(() => currentMode(session.page), { intervals: [50, 100, 200] }).toBe(next);
      await painted(session.page);
      session.mode = next;
    };

    const toggleWidth = async (session: Session) => {
      session.width = session.width === 1400 ? 800 : 1400;
      await session.page.setViewportSize({ width: session.width, height: HEIGHT });
      // By CSS, not by role: under an open dialog (a list's edit dialog, checked at both widths)
      // the top bar is hidden from the accessibility tree, and a role query would never find it.
      await expect(session.page.locator('header button[aria-label="Open navigation"]')).toBeVisible({
        visible: session.width < 1200,
      });
      await painted(session.page);
    };

    /**
     * Checks a selector in the four states, in the order that changes one thing at a time from
     * where the page is: mode, then width, then mode again (the next screen starts where this ends).
     */
    const checkEveryState = async (session: Session, where: string, selector?: string, also?: () => Promise<void>) => {
      for (const [step, change] of [toggleMode, toggleWidth, toggleMode, undefined].entries()) {
        const seen = await check(session, where, selector);
        // The same markup as a screen checked before: the same render of the same data, which that
        // screen's check took through all four states. Its other states are the same too: skipped.
        if (seen && step === 0) {
          screensSkipped += 1;
          return;
        }
        if (also && session.width < 1200) await also();
        if (change) await timed('states', () => change(session));
      }
    };

    /** At 800px the menu is a drawer: opened with the menu button, checked open, closed again. */
    const checkDrawer = async (session: Session) => {
      const { page } = session;
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const close = page.getByRole('button', { name: 'Close navigation' });
      await expect(close).toBeVisible();
      // Wait for the slide-in to end: axe measures colours and positions.
      await expect(page.locator('.MuiDrawer-paper')).toHaveCSS('transform', 'none');
      await check(session, 'the open navigation drawer', '.MuiDrawer-modal');
      await close.click();
      await expect(close).toBeHidden();
    };

    /** A list's edit dialog (the first row's Edit action), checked open; edits that are pages are routes of their own. */
    const checkEditDialog = async (session: Session, url: string) => {
      const { page } = session;
      const edit = page
        .locator('main')
        .getByRole('button', { name: /^Edit / })
        .first();
      if ((await edit.count()) === 0) return;
      const listHeading = (await page.locator('h1').first().textContent()) ?? '';
      await edit.click();
      const dialog = page.getByRole('dialog');
      await expect.poll(async () => page.url() !== new URL(url, baseURL).href || (await dialog.count()) > 0).toBe(true);
      if ((await dialog.count()) === 0) {
        // The edit is a page (a user's, a template's): checked by its own route. Back to the list
        // once it has come (left halfway, the list would stay the page shown, and the move back
        // would wait for a new heading in vain), so that the next visit, maybe that very page, is
        // a move to another page: staying there, it waited its 30 s for a new heading.
        await expect(page.locator('h1').first()).not.toHaveText(listHeading, { timeout: FIRST_PAINT });
        await navigate(page, url);
        return;
      }
      await expect(dialog).toBeVisible();
      await settled(page);
      await checkEveryState(session, `${url}, its edit dialog`, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    };

    /** Each tab of a record page (the merchant's), chosen as a user does. */
    const checkTabs = async (session: Session, url: string) => {
      const { page } = session;
      const tabs = page.locator('main').getByRole('tab');
      const names = await tabs.allTextContents();
      for (const name of names.slice(1)) {
        const tab = tabs.filter({ hasText: name });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        const id = await tab.getAttribute('id');
        await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', id!);
        await settled(page);
        await checkEveryState(session, `${url}, tab ${name}`, 'main#main-content');
      }
    };

    // One page per role, signed in once; the first URL loads the app, later ones move within it.
    const sessions: Session[] = [];
    for (const role of roles) {
      const user = await createUser(role);
      await timeDependentStates(superadminApi, user);
      const context = await browser.newContext({
        baseURL,
        viewport: { width: WIDTHS[0], height: HEIGHT },
        storageState: await signedInState(playwright, user),
      });
      await withoutTransitions(context);
      sessions.push({ user, page: await context.newPage(), mode: 'light', width: WIDTHS[0] });
    }
    const visits = new Map(sessions.map((session) => [session, partOf(visitsOf(session.user, records), part)]));
    const longest = Math.max(...[...visits.values()].map((v) => v.length));

    try {
      // Route by route, each role in turn: roles that see the same screen see it one after the other.
      for (let i = 0; i < longest; i += 1) {
        for (const session of sessions) {
          const visit = visits.get(session)![i];
          if (!visit) continue;
          const { page } = session;
          if (i === 0) {
            await page.goto(visit.url);
            await expect(page.locator('h1').first()).toBeVisible({ timeout: FIRST_PAINT });
            await settled(page);
            expect(await currentMode(page)).toBe('light');
            // The shell (menu, top bar, the drawer at 800px) with the first page.
            await checkEveryState(session, `the shell on ${visit.url}`, undefined, () => checkDrawer(session));
          } else {
            const started = Date.now();
            await navigate(page, visit.url);
            timings.push({ url: `${visit.url} as ${session.user.role}`, ms: Date.now() - started });
            await checkEveryState(session, visit.url, 'main#main-content');
          }
          if (visit.path.endsWith('/list')) await checkEditDialog(session, visit.url);
          if (visit.path === '/merchant/view/:id') await checkTabs(session, visit.url);
        }
      }
    } finally {
      const slowest = timings
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((t) => `${t.url} ${t.ms} ms`);
      test.info().annotations.push(
        {
          type: 'axe',
          description: `${runs} axe runs; ${same} states the same as one checked (${screensSkipped} screens skipped whole)`,
        },
        { type: 'slowest moves', description: slowest.join('; ') },
        {
          type: 'time',
          description: `axe ${spent.axe} ms, waiting for rest ${spent.rest} ms, mode and width changes ${spent.states} ms, moves ${timings.reduce((sum, t) => sum + t.ms, 0)} ms`,
        },
      );
      for (const session of sessions) await session.page.context().close();
    }
    expect(found).toEqual([]);
  });
}
