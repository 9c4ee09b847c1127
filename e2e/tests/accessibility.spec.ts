import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { defineAbilityFor, type Action } from '@boardwalk/shared/ability';
import { FIRST_PAINT } from '../admin-fixtures.ts';
import { roles, type Role } from '../env.ts';
import { expect, test } from '../fixtures.ts';
import { currentMode, modeToggle } from '../shell.ts';

/**
 * Issue 8 §3: axe on every route of the app's route table, as the roles that may open it, in
 * light and dark mode; any serious or critical violation fails. Kept within the e2e budget:
 * - one browser context per role and mode, moving between routes in the page (as a click on a
 *   menu entry does) instead of loading the app again for each;
 * - the shell (menu, top bar) is checked once per context, then each route's main content;
 * - the public pages (/, the error pages) are the same for everyone: checked once, signed out;
 * - the roles that may open a route share the routes out between them (superadmin, admin and
 *   staff manage nearly everything): every route is still checked in both modes by a role that
 *   may open it, and every role is signed in. The agent's routes are its own.
 * The narrow (800px) layout has its own checks in list-layout.spec.ts.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTH = 1400;
const roleValue: Record<Role, string> = {
  superadmin: 'ROLE_SUPERADMIN',
  admin: 'ROLE_ADMIN',
  staff: 'ROLE_STAFF',
  agent: 'ROLE_AGENT',
};

type RouteEntry = { path: string; action: Action; subject: string; open: boolean };

/**
 * The entries of apps/web/src/app/route-table.tsx, read from its source: it imports React pages,
 * which Playwright's Node cannot load. Each entry is one `path: '…'` with its options up to the
 * next path; the count check below fails when the format drifts.
 */
function routeTable(): RouteEntry[] {
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
      open: /\b(public|guestOnly): true/.test(chunk),
    };
  });
}

const ROUTES = routeTable();

/** A URL for a route: its parameters filled with ids that exist for the signed-in user. */
function urlFor(path: string, ids: Record<string, string>): string {
  if (path === '*') return '/no-such-page';
  return path.replace(/:(\w+)/g, (_m, name: string) => ids[`${path}:${name}`] ?? ids[name] ?? 'unknown');
}

/** Moves the app to a URL as its router would on a link click: no reload, and the shell stays. */
async function navigate(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: FIRST_PAINT });
  // Lists and cards show progress bars and skeletons until their data is in.
  await expect(page.locator('.MuiLinearProgress-root, .MuiSkeleton-root, .MuiCircularProgress-root')).toHaveCount(0, {
    timeout: FIRST_PAINT,
  });
}

async function seriousViolations(page: Page, where: string, include?: string) {
  // The email preview is a sandboxed iframe (no scripts) holding the user's own HTML: axe cannot
  // run in it, and waited there until the test timed out.
  const builder = new AxeBuilder({ page }).exclude('iframe[title="Email preview"]');
  if (include) builder.include(include);
  const results = await builder
    .withTags(AXE_TAGS)
    // Experimental in axe, and one of the findings of the issue (the avatar button).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where}: ${v.impact} ${v.id} at ${n.html.slice(0, 160)}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
      ),
    );
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

async function firstTemplateId(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/templates', { params: { pageSize: '10' } });
  expect(res.status()).toBe(200);
  const { templates } = (await res.json()) as { templates: { id: string }[] };
  expect(templates.length, 'the demo seed has templates').toBeGreaterThan(0);
  return templates[0]!.id;
}

test('the route table is read whole', () => {
  const source = readFileSync(new URL('../../apps/web/src/app/route-table.tsx', import.meta.url), 'utf8');
  const table = source.slice(source.indexOf('export const routeTable'));
  expect(ROUTES.length).toBe(table.match(/\bpath: '/g)?.length);
  expect(ROUTES.length).toBeGreaterThan(30);
  expect(ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(['/home', '/acl', '/user/list', '/login', '*']));
});

test('the sign-in page and the public pages have no serious or critical violations, light and dark', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    // Signed out, the mode is the one this browser last stored (the app's 'settings' key).
    await page.goto('/login');
    await page.evaluate((m) => window.localStorage.setItem('settings', JSON.stringify({ mode: m })), mode);
    await page.reload();
    await expect.poll(() => currentMode(page)).toBe(mode);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: FIRST_PAINT });
    found.push(...(await seriousViolations(page, `/login (${mode})`)));
    // The same for every role: checked once, signed out.
    for (const route of ROUTES.filter((r) => r.open && r.path !== '/login')) {
      const url = urlFor(route.path, {});
      await navigate(page, url);
      found.push(...(await seriousViolations(page, `${url} (${mode})`)));
    }
  }
  expect(found).toEqual([]);
});

/**
 * The signed-in routes dealt out among the roles that may open each one, in turn, so every route
 * is checked once per mode by a role allowed there and the manage-all roles share the work (a
 * route only some of them may open, like the admins' audit log, goes to one of those).
 */
function routesOf(role: Role): RouteEntry[] {
  const signedIn = ROUTES.filter((r) => !r.open);
  return signedIn.filter((route, i) => {
    const allowed = roles.filter((other) =>
      defineAbilityFor({ role: roleValue[other] }).can(route.action, route.subject),
    );
    return allowed[i % allowed.length] === role;
  });
}

for (const role of roles) {
  test.describe(`as ${role}`, () => {
    test.use({ signedInAs: role });

    for (const mode of ['light', 'dark'] as const) {
      test(`every route ${role} may open has no serious or critical violations, ${mode} mode`, async ({
        page,
        signedInUser,
        superadminApi,
      }) => {
        test.setTimeout(240_000);
        const routes = routesOf(role);
        const ids: Record<string, string> = { id: 'unknown', '/user/view/:id:id': signedInUser!.id };
        if (routes.some((r) => r.path === '/user/edit/:id'))
          ids['/user/edit/:id:id'] = await userWithTemporaryPassword(superadminApi);
        if (routes.some((r) => r.path === '/template/edit/:id'))
          ids['/template/edit/:id:id'] = await firstTemplateId(superadminApi);

        await page.setViewportSize({ width: WIDTH, height: 900 });
        await page.goto('/home');
        await expect(modeToggle(page)).toBeVisible({ timeout: FIRST_PAINT });
        if (mode === 'dark') {
          await modeToggle(page).click();
          await expect.poll(() => currentMode(page)).toBe('dark');
        }

        const found = await seriousViolations(page, 'the shell on /home');
        for (const route of routes) {
          const url = urlFor(route.path, ids);
          await navigate(page, url);
          // Blank-layout pages (/, the error pages) are all content; the others, their main element.
          const main = await page.locator('main#main-content').count();
          found.push(...(await seriousViolations(page, url, main ? 'main#main-content' : undefined)));
        }
        expect(found).toEqual([]);
      });
    }
  });
}
