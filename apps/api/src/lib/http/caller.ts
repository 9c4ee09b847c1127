import type { Context } from 'hono';
import { clientIp } from '../forwarded.ts';
import type { Actor, AppEnv } from '../context.ts';
import { ProblemError } from '../problem.ts';

/** Who asks, from where and when: the second argument of every service function that writes. */
export type Caller = { actor: Actor; ip: string | null; now: Date };

/** The caller of a route that required a signed-in user (authorize has run). */
export function callerOf(c: Context<AppEnv>): Caller {
  const actor = c.get('actor');
  if (!actor) throw new ProblemError(401, 'Sign in to continue.');
  return { actor, ip: clientIp(c), now: c.get('deps').now?.() ?? new Date() };
}
