import { DEFAULT_PERMISSION } from '@boardwalk/shared/ability';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isNavGroup, isNavSectionTitle, verticalNavItems, type NavItem, type NavLink } from './navigation.ts';
import type { RouteHandle } from './route-gate.tsx';
import { buildRoutes } from './router.tsx';
import { routeTable } from './route-table.tsx';
import type { RouteEntry } from './route-types.ts';

function links(items: NavItem[]): NavLink[] {
  return items.flatMap((item) => {
    if (isNavSectionTitle(item)) return [];
    if (isNavGroup(item)) return links(item.children);
    return [item];
  });
}

const menuLinks = links(verticalNavItems);
const byPath = new Map(routeTable.map((entry) => [entry.path, entry]));
const routes = buildRoutes(routeTable);

/** The route-table entry the real router picks for a URL (the deepest match with a handle). */
function entryFor(url: string): RouteEntry | undefined {
  const matches = matchRoutes(routes, url) ?? [];
  const handles = matches.map((m) => m.route.handle as RouteHandle | undefined).filter(Boolean);
  return handles.at(-1)?.entry;
}

/** '/lead-source/list' → 'LeadSourceListPage'; '/template/edit/:id' → 'TemplateEditPage'. */
function conventionalName(path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && !part.startsWith(':'))
    .flatMap((part) => part.split('-'));
  return `${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Page`;
}

/** Pages whose component is not named after their path. */
const NAMED_OTHERWISE: Record<string, string> = {
  '/': 'LandingPage',
  // Never shown: the gate sends the visitor on (access.ts); the landing page is its loader.
  '/start': 'LandingPage',
  '/401': 'NotAuthorizedPage',
  '/404': 'NotFoundPage',
  '/500': 'ServerErrorPage',
  '*': 'NotFoundPage',
  '/user/view/:id': 'ProfilePage',
  '/setting/list': 'SettingsPage',
  '/history/audit': 'AuditLogPage',
  '/history/api': 'ApiUsagePage',
  '/setting/api-tokens': 'ApiTokensPage',
  // "Sanctions list list" says the list twice.
  '/sanctions-list/list': 'SanctionsListPage',
};

describe('route table and menu', () => {
  it('has each path once', () => {
    const paths = routeTable.map((entry) => entry.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });

  it('routes every menu entry, through the real router, to its page gated exactly as the entry', () => {
    expect(menuLinks.length).toBeGreaterThan(25);
    for (const link of menuLinks) {
      const entry = entryFor(link.path);
      expect(entry?.path, link.path).toBe(link.path);
      const ability = entry?.ability ?? DEFAULT_PERMISSION;
      expect({ path: link.path, action: link.action, subject: link.subject }).toEqual({
        path: link.path,
        action: ability.action,
        subject: ability.subject,
      });
      expect(entry?.public, link.path).toBeFalsy();
      expect(entry?.layout ?? 'vertical', link.path).toBe('vertical');
    }
  });

  it('has the specified routes, with their gating', () => {
    expect(entryFor('/login')).toMatchObject({ path: '/login', guestOnly: true, layout: 'blank' });
    for (const path of ['/', '/401', '/404', '/500']) {
      expect(entryFor(path), path).toMatchObject({ path, public: true, layout: 'blank' });
    }
    expect(entryFor('/merchant/view/0190c0de')?.path).toBe('/merchant/view/:id');
    expect(entryFor('/user/view/0190c0de')?.path).toBe('/user/view/:id');
    expect(entryFor('/no/such/page')).toMatchObject({ path: '*', public: true });
    expect(byPath.get('/acl')?.ability).toEqual({ action: 'read', subject: 'acl-page' });
    expect(byPath.get('/template/list')?.ability).toEqual({ action: 'read', subject: 'template-page' });
    // Protected by default: nothing but the pages above skips the session or the ability.
    const open = routeTable.filter((e) => e.public || e.guestOnly).map((e) => e.path);
    expect(open.sort()).toEqual(['*', '/', '/401', '/404', '/500', '/login']);
    expect(routeTable.filter((e) => e.start).map((e) => e.path)).toEqual(['/start']);
  });

  it('loads, for every path, the page component named for it', async () => {
    const titles = new Map(menuLinks.map((link) => [link.path, link.title]));
    for (const entry of routeTable) {
      const page = await entry.page();
      expect(typeof page, entry.path).toBe('function');
      const name = (page as { displayName?: string }).displayName ?? page.name;
      if (name.startsWith('Placeholder(')) {
        // A page still to come names itself as the menu does.
        if (titles.has(entry.path)) expect(name, entry.path).toBe(`Placeholder(${titles.get(entry.path)})`);
        continue;
      }
      expect(name, entry.path).toBe(NAMED_OTHERWISE[entry.path] ?? conventionalName(entry.path));
    }
  });
});
