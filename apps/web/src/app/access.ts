import { DEFAULT_PERMISSION, type AppAbility } from '@boardwalk/shared/ability';
import { loginRedirectPath, signInDestination } from '../lib/return-url.ts';
import { START_PATH, startPageFor } from '../lib/start-page.ts';
import type { RouteEntry } from './route-types.ts';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'deny' };

type Where = { pathname: string; search: string; hash: string };

/**
 * The gating rules of the product specification for a known session state:
 * - guest-only pages send a signed-in user on (to a safe returnUrl after sign-in, else to the
 *   first page they may open);
 * - the start path sends a signed-in user to the first page they may open, others to /;
 * - public and guest pages skip the permission check;
 * - any other page needs a session (else /login?returnUrl=…, none for /) and the page's ability.
 */
export function decideAccess(
  entry: Pick<RouteEntry, 'ability' | 'guestOnly' | 'public' | 'start'>,
  signedIn: boolean,
  ability: AppAbility,
  where: Where,
  /** The user just signed out in this tab: leave for / with no returnUrl. */
  signedOut = false,
): AccessDecision {
  if (entry.start) return { kind: 'redirect', to: signedIn ? startPageFor(ability) : '/' };
  if (entry.guestOnly) {
    if (!signedIn) return { kind: 'allow' };
    const to = signInDestination(where.search);
    return { kind: 'redirect', to: to === START_PATH ? startPageFor(ability) : to };
  }
  if (entry.public) return { kind: 'allow' };
  if (!signedIn) return { kind: 'redirect', to: signedOut ? '/' : loginRedirectPath(where) };
  const { action, subject } = entry.ability ?? DEFAULT_PERMISSION;
  return ability.can(action, subject) ? { kind: 'allow' } : { kind: 'deny' };
}
