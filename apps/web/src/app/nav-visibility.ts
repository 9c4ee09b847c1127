import type { AppAbility } from '@boardwalk/shared/ability';
import { isNavGroup, isNavSectionTitle, type NavGroup, type NavItem, type NavLink } from './navigation.ts';

type Gated = { action?: NavItem['action']; subject?: NavItem['subject'] };

/** An item with action and subject needs the ability; one without is visible to all. */
export function canSeeItem(item: Gated, ability: AppAbility): boolean {
  if (!item.action || !item.subject) return true;
  return ability.can(item.action, item.subject);
}

function filterChildren(children: (NavLink | NavGroup)[], ability: AppAbility): (NavLink | NavGroup)[] {
  const result: (NavLink | NavGroup)[] = [];
  for (const child of children) {
    if (!canSeeItem(child, ability)) continue;
    if (isNavGroup(child)) {
      const visible = filterChildren(child.children, ability);
      if (visible.length > 0) result.push({ ...child, children: visible });
    } else {
      result.push(child);
    }
  }
  return result;
}

/**
 * The menu as this user may see it: hidden items dropped, groups with nothing left dropped,
 * and section titles dropped when nothing below them (up to the next title) is left.
 */
export function visibleNavItems(items: NavItem[], ability: AppAbility): NavItem[] {
  const result: NavItem[] = [];
  let pendingTitle: NavItem | undefined;
  for (const item of items) {
    if (isNavSectionTitle(item)) {
      pendingTitle = canSeeItem(item, ability) ? item : undefined;
      continue;
    }
    const [visible] = filterChildren([item], ability);
    if (!visible) continue;
    if (pendingTitle) {
      result.push(pendingTitle);
      pendingTitle = undefined;
    }
    result.push(visible);
  }
  return result;
}

export function groupHasPath(group: NavGroup, pathname: string): boolean {
  return group.children.some((child) => (isNavGroup(child) ? groupHasPath(child, pathname) : child.path === pathname));
}

/** Keys of the groups that hold the current route (the menu opens them itself). */
export function openGroupKeysFor(items: NavItem[], pathname: string, parentKey = ''): string[] {
  const keys: string[] = [];
  for (const item of items) {
    if (!isNavGroup(item)) continue;
    const key = `${parentKey}/${item.title}`;
    if (groupHasPath(item, pathname)) keys.push(key, ...openGroupKeysFor(item.children, pathname, key));
  }
  return keys;
}
