import { defineAbilityFor, type Permission } from '@boardwalk/shared';
import { createMiddleware } from 'hono/factory';
import { writeAudit } from '../audit.ts';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../forwarded.ts';
import { problemResponse } from '../problem.ts';

/**
 * What a route needs: a CASL permission (SPEC §6), 'authenticated' for the caller's own
 * data (any signed-in user), or 'public'. Every route declares one; a test enforces it.
 */
export type RouteAbility = Permission | 'authenticated' | 'public';

export function authorize(ability: RouteAbility) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (ability === 'public') return next();
    const actor = c.get('actor');
    if (!actor) return problemResponse(c, 401, { detail: 'Sign in to continue.' });
    if (ability === 'authenticated') return next();
    if (defineAbilityFor(actor, ability.subject).can(ability.action, ability.subject)) return next();
    await writeAudit(c.get('db'), {
      action: 'permission.denied',
      outcome: 'denied',
      actorUserId: actor.userId,
      subjectType: ability.subject,
      changes: { method: c.req.method, path: c.req.path, needed: ability.action },
      ip: clientIp(c),
    });
    return problemResponse(c, 403, { detail: `Your role may not ${ability.action} ${ability.subject}.` });
  });
}
