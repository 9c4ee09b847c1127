import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { nowOf, requireActor } from './request.ts';
import * as sessionsService from './user-sessions.service.ts';
import * as mutations from './users.mutations.ts';
import * as routes from './users.routes.ts';
import * as service from './users.service.ts';

const ctxOf = (c: Context<AppEnv>) => ({ now: nowOf(c), ip: clientIp(c) });

export function registerUserRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listUsers, async (c) => c.json(await service.listUsers(c.get('db'), c.req.valid('query')), 200));

  app.openapi(routes.getUser, async (c) => c.json(await service.getUser(c.get('db'), c.req.valid('param').id), 200));

  app.openapi(routes.createUser, async (c) => {
    const user = await service.createUser(c.get('db'), requireActor(c), c.req.valid('json').data, ctxOf(c));
    return c.json(user, 201);
  });

  app.openapi(routes.updateUser, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await mutations.updateUser(c.get('db'), requireActor(c), id, c.req.valid('json'), ctxOf(c)), 200);
  });

  app.openapi(routes.deleteUser, async (c) => {
    await mutations.deleteUser(c.get('db'), requireActor(c), c.req.valid('param').id, ctxOf(c));
    return c.body(null, 204);
  });

  app.openapi(routes.listUserSessions, async (c) => {
    const list = await sessionsService.listUserSessions(
      c.get('db'),
      requireActor(c),
      c.req.valid('param').id,
      nowOf(c),
    );
    return c.json({ sessions: list }, 200);
  });

  app.openapi(routes.endUserSession, async (c) => {
    const { id, sessionId } = c.req.valid('param');
    await sessionsService.endUserSession(c.get('db'), requireActor(c), id, sessionId, ctxOf(c));
    return c.body(null, 204);
  });

  app.openapi(routes.endAllUserSessions, async (c) => {
    await sessionsService.endAllUserSessions(c.get('db'), requireActor(c), c.req.valid('param').id, ctxOf(c));
    return c.body(null, 204);
  });
}
