import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as service from '../../domain/applications/application-requests.service.ts';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { requestOrigin } from '../../lib/forwarded.ts';
import { jobSenderOf } from '../../lib/jobs/job-engine-of.ts';
import * as routes from './application-requests.routes.ts';

/** The link's address: PUBLIC_URL when set, else the origin staff are using. */
export function linkContextOf(c: Context<AppEnv>): service.LinkContext {
  const deps = c.get('deps');
  const origin = requestOrigin(c);
  return {
    serverSecret: deps.secrets.authSecret,
    baseUrl: deps.config.publicUrl ?? `${origin.https ? 'https' : 'http'}://${origin.host}`,
    jobs: jobSenderOf(c),
  };
}

export function registerApplicationRequestRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listApplicationRequestsRoute, async (c) => {
    const caller = callerOf(c);
    const requests = await service.listApplicationRequests(c.get('db'), c.req.valid('param').id, caller.now);
    return c.json({ requests }, 200);
  });
  app.openapi(routes.createApplicationRequestRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { data } = c.req.valid('json');
    return c.json(await service.createApplicationRequest(c.get('db'), linkContextOf(c), callerOf(c), id, data), 201);
  });
  app.openapi(routes.resendApplicationRequestRoute, async (c) => {
    const { id, requestId } = c.req.valid('param');
    return c.json(
      await service.resendApplicationRequest(c.get('db'), linkContextOf(c), callerOf(c), id, requestId),
      200,
    );
  });
  app.openapi(routes.revokeApplicationRequestRoute, async (c) => {
    const { id, requestId } = c.req.valid('param');
    return c.json(await service.revokeApplicationRequest(c.get('db'), callerOf(c), id, requestId), 200);
  });
  app.openapi(routes.copyApplicationLinkRoute, async (c) => {
    const { id, requestId } = c.req.valid('param');
    const link = await service.copyApplicationLink(c.get('db'), linkContextOf(c), callerOf(c), id, requestId);
    return c.json({ link }, 200);
  });
}
