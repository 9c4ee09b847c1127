import { isNavGroup, isNavSectionTitle, type NavGroup, type NavItem, type NavLink } from '../../navigation.ts';

/** A part of a dropdown: a group's links under its title, or loose links (no title). */
export type MenuSection = { title?: string; links: NavLink[] };

export type HorizontalEntry =
  { kind: 'link'; link: NavLink } | { kind: 'menu'; title: string; icon?: NavGroup['icon']; sections: MenuSection[] };

function linksOf(group: NavGroup): NavLink[] {
  return group.children.flatMap((child) => (isNavGroup(child) ? linksOf(child) : [child]));
}

function addTo(sections: MenuSection[], item: NavLink | NavGroup) {
  if (isNavGroup(item)) {
    sections.push({ title: item.title, links: linksOf(item) });
    return;
  }
  const last = sections.at(-1);
  if (last && last.title === undefined) last.links.push(item);
  else sections.push({ links: [item] });
}

/**
 * The horizontal menu: the whole vertical menu, already filtered by ability, as
 * top-level entries. Links before the first heading stay links, a group becomes a dropdown, and
 * each heading ("Settings") becomes one dropdown of what follows it, its groups as titled sections.
 */
export function horizontalMenus(visible: NavItem[]): HorizontalEntry[] {
  const entries: HorizontalEntry[] = [];
  let heading: Extract<HorizontalEntry, { kind: 'menu' }> | undefined;
  for (const item of visible) {
    if (isNavSectionTitle(item)) {
      heading = { kind: 'menu', title: item.sectionTitle, sections: [] };
      entries.push(heading);
    } else if (heading) {
      addTo(heading.sections, item);
    } else if (isNavGroup(item)) {
      entries.push({ kind: 'menu', title: item.title, icon: item.icon, sections: [{ links: linksOf(item) }] });
    } else {
      entries.push({ kind: 'link', link: item });
    }
  }
  return entries.filter((entry) => entry.kind === 'link' || entry.sections.length > 0);
}

/** Whether a dropdown holds the current page (its button is then marked). */
export function menuHoldsPath(entry: HorizontalEntry, pathname: string): boolean {
  if (entry.kind === 'link') return entry.link.path === pathname;
  return entry.sections.some((section) => section.links.some((link) => link.path === pathname));
}
