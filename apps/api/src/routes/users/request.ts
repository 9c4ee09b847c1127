import type { Context } from 'hono';
import type { Actor, AppEnv } from '../../lib/context.ts';
import { ProblemError } from '../../lib/problem.ts';

/** The actor of a route whose ability already required a signed-in user. */
export function requireActor(c: Context<AppEnv>): Actor {
  const actor = c.get('actor');
  if (!actor) throw new ProblemError(401, 'Sign in to continue.');
  return actor;
}

/** The injected clock (tests move it), or the real time. */
export function nowOf(c: Context<AppEnv>): Date {
  return c.get('deps').now?.() ?? new Date();
}
