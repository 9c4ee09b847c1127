import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as sessionsService from '../../domain/users/user-sessions.service.ts';
import { createUser } from '../../domain/users/user-create.service.ts';
import * as mfaRoutes from './user-mfa.routes.ts';
import * as mfa from '../../domain/users/user-mfa.service.ts';
import * as mutations from '../../domain/users/users.mutations.ts';
import * as routes from './users.routes.ts';
import * as service from '../../domain/users/users.service.ts';

export function registerUserRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listUsers, async (c) => c.json(await service.listUsers(c.get('db'), c.req.valid('query')), 200));

  // Before /api/users/{id}, so that "options" is never taken for an id.
  app.openapi(routes.listUserOptions, async (c) =>
    c.json({ options: await service.listUserOptions(c.get('db'), c.req.valid('query')) }, 200),
  );

  app.openapi(routes.getUser, async (c) => c.json(await service.getUser(c.get('db'), c.req.valid('param').id), 200));

  app.openapi(routes.createUser, async (c) => {
    return c.json(await createUser(c.get('db'), callerOf(c), c.req.valid('json').data), 201);
  });

  app.openapi(routes.updateUser, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await mutations.updateUser(c.get('db'), callerOf(c), id, c.req.valid('json')), 200);
  });

  app.openapi(routes.deleteUser, async (c) => {
    await mutations.deleteUser(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.listUserSessions, async (c) => {
    const caller = callerOf(c);
    const list = await sessionsService.listUserSessions(c.get('db'), caller.actor, c.req.valid('param').id, caller.now);
    return c.json({ sessions: list }, 200);
  });

  app.openapi(routes.endUserSession, async (c) => {
    const { id, sessionId } = c.req.valid('param');
    await sessionsService.endUserSession(c.get('db'), callerOf(c), id, sessionId);
    return c.body(null, 204);
  });

  app.openapi(routes.endAllUserSessions, async (c) => {
    await sessionsService.endAllUserSessions(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(mfaRoutes.getUserMfa, async (c) =>
    c.json(await mfa.getUserMfa(c.get('db'), c.req.valid('param').id), 200),
  );

  app.openapi(mfaRoutes.resetUserMfa, async (c) => {
    await mfa.resetUserMfa(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}
