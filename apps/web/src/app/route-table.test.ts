import { DEFAULT_PERMISSION } from '@boardwalk/shared/ability';
import { describe, expect, it } from 'vitest';
import {
  isNavGroup,
  isNavSectionTitle,
  verticalNavItems,
  type NavGroup,
  type NavItem,
  type NavLink,
} from './navigation.ts';
import { routeTable } from './route-table.tsx';

function links(items: NavItem[]): NavLink[] {
  return items.flatMap((item) => {
    if (isNavSectionTitle(item)) return [];
    if (isNavGroup(item)) return links((item as NavGroup).children);
    return [item];
  });
}

const byPath = new Map(routeTable.map((entry) => [entry.path, entry]));

describe('route table and menu', () => {
  it('has each path once', () => {
    expect(byPath.size).toBe(routeTable.length);
  });

  it('has a page for every menu entry, gated exactly as the entry', () => {
    for (const link of links(verticalNavItems)) {
      const entry = byPath.get(link.path);
      expect(entry, link.path).toBeDefined();
      const ability = entry?.ability ?? DEFAULT_PERMISSION;
      expect({ path: link.path, action: link.action, subject: link.subject }).toEqual({
        path: link.path,
        action: ability.action,
        subject: ability.subject,
      });
    }
  });

  it('has the pages of issue 2 and the SPEC §2 routes', () => {
    for (const path of [
      '/',
      '/login',
      '/home',
      '/acl',
      '/user/view/:id',
      '/merchant/view/:id',
      '/401',
      '/404',
      '/500',
      '*',
    ]) {
      expect(byPath.has(path), path).toBe(true);
    }
    expect(byPath.get('/login')?.guestOnly).toBe(true);
    for (const path of ['/', '/404', '/500', '*']) expect(byPath.get(path)?.public, path).toBe(true);
    expect(byPath.get('/acl')?.ability).toEqual({ action: 'read', subject: 'acl-page' });
    expect(byPath.get('/template/list')?.ability).toEqual({ action: 'read', subject: 'template-page' });
  });

  it('loads every page', async () => {
    for (const entry of routeTable) {
      expect(typeof (await entry.page()), entry.path).toBe('function');
    }
  });
});
