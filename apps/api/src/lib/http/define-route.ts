import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { authorize, declaredAbility, type RouteAbility } from './authorize.ts';
import { conformToContract } from './contract.ts';

/**
 * createRoute plus what the route needs: one permission, or every permission of a list when it
 * reads or changes another subject's data too (docs/decisions/071). Enforced by middleware and
 * recorded in the OpenAPI document as `x-ability` (a list of permissions, or 'authenticated' /
 * 'public'), where tests check every route has one and names every subject its answer carries.
 * Every JSON answer is cut down to the route's response schema (conformToContract).
 */
export function defineRoute<const R extends Omit<RouteConfig, 'middleware'>>(config: R & { ability: RouteAbility }) {
  const { ability, ...rest } = config;
  return createRoute({
    ...rest,
    'x-ability': declaredAbility(ability),
    middleware: [authorize(ability), conformToContract(rest.responses)] as const,
  });
}
