import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './api-tokens.routes.ts';
import * as service from '../../domain/api-tokens/api-tokens.service.ts';
import * as usage from '../../domain/api-tokens/api-usage.service.ts';

export function registerApiTokenRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listApiTokens, async (c) =>
    c.json(await service.listApiTokens(c.get('db'), callerOf(c).now), 200),
  );
  app.openapi(routes.createApiToken, async (c) =>
    c.json(await service.createApiToken(c.get('db'), callerOf(c), c.req.valid('json').data), 201),
  );
  app.openapi(routes.rotateApiToken, async (c) => {
    const { id } = c.req.valid('param');
    const { graceMinutes } = c.req.valid('json').data;
    return c.json(await service.rotateApiToken(c.get('db'), callerOf(c), id, graceMinutes), 201);
  });
  app.openapi(routes.revokeApiToken, async (c) => {
    await service.revokeApiToken(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.apiUsageSeries, async (c) =>
    c.json(await usage.apiUsageSeries(c.get('db'), c.req.valid('query')), 200),
  );
  app.openapi(routes.listApiUsage, async (c) =>
    c.json(await usage.listApiUsage(c.get('db'), c.req.valid('query')), 200),
  );
}
