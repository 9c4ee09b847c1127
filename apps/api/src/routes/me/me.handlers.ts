import type { OpenAPIHono } from '@hono/zod-openapi';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireActor, nowOf } from '../users/request.ts';
import * as routes from './me.routes.ts';
import * as service from './me.service.ts';

export function registerMeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.getMe, async (c) => c.json(await service.getMe(c.get('db'), requireActor(c)), 200));

  app.openapi(routes.getMySettings, async (c) =>
    c.json(await service.getMySettings(c.get('db'), requireActor(c)), 200),
  );

  app.openapi(routes.putMySettings, async (c) =>
    c.json(await service.updateMySettings(c.get('db'), requireActor(c), c.req.valid('json')), 200),
  );

  app.openapi(routes.changeMyPassword, async (c) => {
    await service.changeMyPassword(c.get('db'), requireActor(c), c.req.valid('json'), {
      now: nowOf(c),
      ip: clientIp(c),
    });
    return c.body(null, 204);
  });
}
