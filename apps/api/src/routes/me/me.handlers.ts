import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './me.routes.ts';
import * as service from './me.service.ts';

export function registerMeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.getMe, async (c) => c.json(await service.getMe(c.get('db'), callerOf(c).actor), 200));

  app.openapi(routes.getMySettings, async (c) =>
    c.json(await service.getMySettings(c.get('db'), callerOf(c).actor), 200),
  );

  app.openapi(routes.putMySettings, async (c) =>
    c.json(await service.updateMySettings(c.get('db'), callerOf(c).actor, c.req.valid('json')), 200),
  );

  app.openapi(routes.changeMyPassword, async (c) => {
    await service.changeMyPassword(c.get('db'), callerOf(c), c.req.valid('json'));
    return c.body(null, 204);
  });
}
