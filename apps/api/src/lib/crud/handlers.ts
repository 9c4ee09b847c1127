import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { callerOf } from '../http/caller.ts';
import { readRowScope } from '../http/row-scope.ts';
import type { CrudRoutes } from './routes.ts';
import type { CrudTable, ListQuery } from './types.ts';
import type { CrudService } from './service.ts';

/** Input that zod-openapi validated for this route (the generic routes lose its static type). */
export function validated<V>(c: Context<AppEnv>, target: 'query' | 'param' | 'json'): V {
  return (c.req.valid as (t: string) => unknown)(target) as V;
}

/** Registers a route whose input and output types the generic CRUD layer cannot know statically. */
export function openapiRoute(app: OpenAPIHono<AppEnv>, route: RouteConfig, handler: RouteHandler<RouteConfig, AppEnv>) {
  app.openapi(route, handler);
}

/** Wires the five CRUD routes to the service; `key` names the list. */
export function registerCrudRoutes<T extends CrudTable, Q extends ListQuery>(
  app: OpenAPIHono<AppEnv>,
  routes: CrudRoutes,
  service: CrudService<T, Q>,
) {
  openapiRoute(app, routes.list, async (c) => {
    const query = validated<Q>(c, 'query');
    const scope = await readRowScope(c, service.entity.subject, service.entity.table);
    const { rows, total, allData } = await service.list(c.get('db'), callerOf(c), query, scope);
    return c.json({ [routes.key]: rows, total, params: query, allData }, 200);
  });
  openapiRoute(app, routes.get, async (c) => {
    const { id } = validated<{ id: string }>(c, 'param');
    const scope = await readRowScope(c, service.entity.subject, service.entity.table);
    return c.json(await service.get(c.get('db'), callerOf(c), id, scope), 200);
  });
  openapiRoute(app, routes.create, async (c) => {
    const { data } = validated<{ data: Parameters<typeof service.create>[2] }>(c, 'json');
    return c.json(await service.create(c.get('db'), callerOf(c), data), 201);
  });
  openapiRoute(app, routes.update, async (c) => {
    const { id } = validated<{ id: string }>(c, 'param');
    const patch = validated<Parameters<typeof service.update>[3]>(c, 'json');
    return c.json(await service.update(c.get('db'), callerOf(c), id, patch), 200);
  });
  openapiRoute(app, routes.remove, async (c) => {
    const { id } = validated<{ id: string }>(c, 'param');
    await service.remove(c.get('db'), callerOf(c), id);
    return c.body(null, 204);
  });
}
