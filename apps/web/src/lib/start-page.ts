import type { AppAbility } from '@boardwalk/shared/ability';

/**
 * A path that sends the visitor to the first page they may open (the route gate resolves it):
 * where sign-in goes without a returnUrl, and where "Back to Home" on the error pages goes, so
 * a role that may not open /home never loops between /home and the 401 page.
 */
export const START_PATH = '/start';

/** The first page an ability may open: Home, else Access Control (agents), else the landing page. */
export function startPageFor(ability: AppAbility): string {
  if (ability.can('read', 'home-page')) return '/home';
  if (ability.can('read', 'acl-page')) return '/acl';
  return '/';
}
