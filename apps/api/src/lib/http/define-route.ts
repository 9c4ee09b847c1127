import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { authorize, type RouteAbility } from './authorize.ts';
import { conformToContract } from './contract.ts';

/**
 * createRoute plus the ability the route needs. The ability is enforced by middleware and
 * recorded in the OpenAPI document as `x-ability`, where a test checks every route has one.
 * Every JSON answer is cut down to the route's response schema (conformToContract).
 */
export function defineRoute<const R extends Omit<RouteConfig, 'middleware'>>(config: R & { ability: RouteAbility }) {
  const { ability, ...rest } = config;
  return createRoute({
    ...rest,
    'x-ability': ability,
    middleware: [authorize(ability), conformToContract(rest.responses)] as const,
  });
}
