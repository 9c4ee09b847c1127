import { defineAbilityFor } from '@boardwalk/shared/ability';
import { describe, expect, it } from 'vitest';
import { verticalNavItems } from '../../navigation.ts';
import { visibleNavItems } from '../../nav-visibility.ts';
import { horizontalMenus, menuHoldsPath, type HorizontalEntry } from './horizontal-menus.ts';

const titles = (entries: HorizontalEntry[]) =>
  entries.map((entry) => (entry.kind === 'link' ? entry.link.title : `${entry.title} ▾`));

const allPaths = (entries: HorizontalEntry[]) =>
  entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.link.path] : entry.sections.flatMap((s) => s.links.map((l) => l.path)),
  );

const linkPaths = (items: ReturnType<typeof visibleNavItems>): string[] =>
  items.flatMap((item) => ('path' in item ? [item.path] : 'children' in item ? linkPaths(item.children) : []));

describe('horizontal menu', () => {
  it("carries the admin's whole vertical menu: top-level links, then Settings as one dropdown", () => {
    const visible = visibleNavItems(verticalNavItems, defineAbilityFor({ role: 'ROLE_ADMIN' }));
    const entries = horizontalMenus(visible);
    expect(titles(entries)).toEqual([
      'Home',
      'Add Merchant',
      'Import Merchants',
      'Sales',
      'Underwriting',
      'Merchants',
      'Dead',
      'Reporting',
      'Todo',
      'My Queue',
      'Access Control',
      'Settings ▾',
    ]);
    expect(allPaths(entries)).toEqual(linkPaths(visible));
    const settings = entries.at(-1) as Extract<HorizontalEntry, { kind: 'menu' }>;
    expect(settings.sections.map((s) => s.title ?? s.links.map((l) => l.title).join(','))).toEqual([
      'User',
      'Agent Accounts',
      'Template',
      'Stage,Scorecards,Sanctions Lists,Company,Automations,Lead Source,Assignment Rules,Industries',
      'Logs',
      'Portal Global Settings,API Tokens,API Documentation',
    ]);
    expect(menuHoldsPath(settings, '/history/emails')).toBe(true);
    expect(menuHoldsPath(settings, '/home')).toBe(false);
  });

  it('filters by ability: an agent keeps /acl and gets no Settings dropdown', () => {
    const entries = horizontalMenus(visibleNavItems(verticalNavItems, defineAbilityFor({ role: 'ROLE_AGENT' })));
    expect(allPaths(entries)).toContain('/acl');
    expect(titles(entries)).not.toContain('Settings ▾');
  });
});
