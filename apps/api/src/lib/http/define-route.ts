import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { authorize, declaredAbility, type RouteAbility } from './authorize.ts';
import { conformToContract } from './contract.ts';
import type { WrittenElsewhere } from './unwritable-field-types.ts';
import { declareUnwritableFields, strictPatchBody } from './unwritable-fields.ts';

type RouteOptions = {
  ability: RouteAbility;
  /**
   * PATCH only: fields of the record this route does not write, and the route (or body field)
   * that does, for the 400 that refuses them (lib/http/unwritable-fields.ts).
   */
  writtenElsewhere?: WrittenElsewhere;
};

/**
 * createRoute plus what the route needs: one permission, or every permission of a list when it
 * reads or changes another subject's data too (docs/decisions/071). Enforced by middleware and
 * recorded in the OpenAPI document as `x-ability` (a list of permissions, or 'authenticated' /
 * 'public'), where tests check every route has one and names every subject its answer carries.
 * Every JSON answer is cut down to the route's response schema (conformToContract). A PATCH
 * body is strict: a field the route does not write is refused, not silently dropped.
 */
export function defineRoute<const R extends Omit<RouteConfig, 'middleware'>>(config: R & RouteOptions) {
  const { ability, writtenElsewhere, ...rest } = config;
  const route = createRoute({
    ...rest,
    'x-ability': declaredAbility(ability),
    middleware: [authorize(ability), conformToContract(rest.responses)] as const,
  });
  if (rest.method !== 'patch') {
    if (writtenElsewhere) throw new Error(`${rest.path}: writtenElsewhere is for PATCH routes`);
    return route;
  }
  const { request, fields } = strictPatchBody(rest, writtenElsewhere);
  // The body's static type is unchanged (a strict copy parses to the same type); the third
  // middleware only sets a context variable for the validation hook.
  return Object.assign(route, {
    request,
    middleware: [...route.middleware, declareUnwritableFields(fields)],
    ...(writtenElsewhere ? { 'x-written-elsewhere': writtenElsewhere } : {}),
  }) as typeof route;
}
