import { API_TOKEN_SUBJECT, defineAbilityFor, scopeAllows, type Permission, type Role } from '@boardwalk/shared';
import { createMiddleware } from 'hono/factory';
import { auditActor, writeAudit } from '../audit.ts';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../forwarded.ts';
import { problemResponse } from '../problem.ts';

/**
 * What a route needs: a CASL permission (SPEC §6), 'authenticated' for the caller's own
 * data (any signed-in user), or 'public'. Every route declares one; a test enforces it.
 */
export type RouteAbility = Permission | 'authenticated' | 'public';

export function authorize(ability: RouteAbility) {
  // defineAbilityFor builds a CASL ability from the role alone (and the subject): its verdict for
  // this route's permission is the same for every request of a role, so it is built once per role
  // (decision 056). The actor's role is still read from their session or token on every request.
  const byRoleVerdicts = new Map<Role, boolean>();
  const roleMay = (role: Role, permission: Permission) => {
    let verdict = byRoleVerdicts.get(role);
    if (verdict === undefined) {
      verdict = defineAbilityFor({ role }, permission.subject).can(permission.action, permission.subject);
      byRoleVerdicts.set(role, verdict);
    }
    return verdict;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    if (ability === 'public') return next();
    const actor = c.get('actor');
    if (!actor) return problemResponse(c, 401, { detail: 'Sign in to continue.' });
    if (actor.type === 'token') {
      // A token's own account routes (/api/me…) and the token routes are for a signed-in person.
      if (ability === 'authenticated' || ability.subject === API_TOKEN_SUBJECT) {
        return problemResponse(c, 403, {
          detail: 'API tokens cannot be used here; sign in.',
          code: 'token_not_allowed',
        });
      }
    } else if (ability === 'authenticated') return next();
    // A token needs both: its creator's role today and its own scopes (docs/decisions/033).
    const byRole = roleMay(actor.role, ability);
    const byScope = actor.type !== 'token' || scopeAllows(actor.scopes, ability.action, ability.subject);
    if (byRole && byScope) return next();
    await writeAudit(c.get('db'), {
      action: 'permission.denied',
      outcome: 'denied',
      ...auditActor(actor),
      subjectType: ability.subject,
      changes: { method: c.req.method, path: c.req.path, needed: ability.action },
      ip: clientIp(c),
    });
    if (!byScope && byRole) {
      return problemResponse(c, 403, {
        detail: `This API token's scopes do not allow ${ability.action} on ${ability.subject}.`,
        code: 'token_scope',
      });
    }
    return problemResponse(c, 403, { detail: `Your role may not ${ability.action} ${ability.subject}.` });
  });
}
