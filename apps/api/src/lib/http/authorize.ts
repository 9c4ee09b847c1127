import { API_TOKEN_SUBJECT, defineAbilityFor, scopeAllows, type Permission, type Role } from '@boardwalk/shared';
import { createMiddleware } from 'hono/factory';
import { agentScopeOf } from './merchant-scope.ts';
import { auditActor, writeAudit } from '../audit.ts';
import type { Actor, AppEnv } from '../context.ts';
import { clientIp } from '../forwarded.ts';
import { problemResponse } from '../problem.ts';

/**
 * What a route needs: one CASL permission or every permission of a list (a route that
 * reads or changes another subject's data names that subject too: docs/decisions/071),
 * 'authenticated' for the caller's own data (any signed-in user), or 'public'. Every route
 * declares one; a test enforces it.
 */
export type RouteAbility = Permission | readonly [Permission, ...Permission[]] | 'authenticated' | 'public';

/** The form the OpenAPI document records as `x-ability`: a list of permissions, or the keyword. */
export type DeclaredAbility = readonly Permission[] | 'authenticated' | 'public';

export function declaredAbility(ability: RouteAbility): DeclaredAbility {
  if (ability === 'public' || ability === 'authenticated') return ability;
  return 'action' in ability ? [ability] : ability;
}

/** The first permission the actor lacks, and whether the role or only the token's scopes lack it. */
type Refusal = { permission: Permission; by: 'role' | 'scope' };

export function authorize(ability: RouteAbility) {
  const declared = declaredAbility(ability);
  // defineAbilityFor builds a CASL ability from the role alone (and the subject): its verdict for
  // this route's permissions is the same for every request of a role, so it is built once per role
  // (decision 056). The actor's role is still read from their session or token on every request.
  const roleRefusals = new Map<Role, Permission | null>();
  const roleRefuses = (role: Role, permissions: readonly Permission[]) => {
    let refused = roleRefusals.get(role);
    if (refused === undefined) {
      refused = permissions.find((p) => !defineAbilityFor({ role }, p.subject).can(p.action, p.subject)) ?? null;
      roleRefusals.set(role, refused);
    }
    return refused;
  };
  // Every permission alike for sessions and tokens: the role first; a token's scopes besides
  // (docs/decisions/033).
  const refusalOf = (actor: Actor, permissions: readonly Permission[]): Refusal | null => {
    const byRole = roleRefuses(actor.role, permissions);
    if (byRole) return { permission: byRole, by: 'role' };
    if (actor.type !== 'token') return null;
    const byScope = permissions.find((p) => !scopeAllows(actor.scopes, p.action, p.subject));
    return byScope ? { permission: byScope, by: 'scope' } : null;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    if (declared === 'public') return next();
    const actor = c.get('actor');
    if (!actor) return problemResponse(c, 401, { detail: 'Sign in to continue.' });
    if (actor.type === 'token') {
      // A token's own account routes (/api/me…) and the token routes are for a signed-in person.
      if (declared === 'authenticated' || declared.some((p) => p.subject === API_TOKEN_SUBJECT)) {
        return problemResponse(c, 403, {
          detail: 'API tokens cannot be used here; sign in.',
          code: 'token_not_allowed',
        });
      }
    } else if (declared === 'authenticated') return next();
    let refusal = refusalOf(actor, declared);
    // An agent's own merchants (a setting): the role alone refuses them, the row-conditioned rules
    // admit the route; its handler then limits the rows (lib/http/merchant-scope.ts, decision 110).
    if (refusal?.by === 'role' && actor.role === 'ROLE_AGENT') {
      const scope = await agentScopeOf(c);
      if (scope) {
        const permission = declared.find((p) => !defineAbilityFor(actor, p.subject, scope).can(p.action, p.subject));
        refusal = permission ? { permission, by: 'role' } : null;
      }
    }
    if (!refusal) return next();
    const { action, subject } = refusal.permission;
    await writeAudit(c.get('db'), {
      action: 'permission.denied',
      outcome: 'denied',
      ...auditActor(actor),
      subjectType: subject,
      changes: { method: c.req.method, path: c.req.path, needed: action },
      ip: clientIp(c),
    });
    if (refusal.by === 'scope') {
      return problemResponse(c, 403, {
        detail: `This API token's scopes do not allow ${action} on ${subject}.`,
        code: 'token_scope',
      });
    }
    return problemResponse(c, 403, { detail: `Your role may not ${action} ${subject}.` });
  });
}
