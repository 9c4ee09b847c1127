import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { jobSenderOf } from '../../lib/jobs/job-engine-of.ts';
import * as routes from './messages.routes.ts';
import * as service from '../../domain/history/messages.service.ts';

export function registerMessageRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listMessages, async (c) =>
    c.json(await service.listMessages(c.get('db'), c.req.valid('query')), 200),
  );
  app.openapi(routes.getMessage, async (c) =>
    c.json(await service.getMessage(c.get('db'), c.req.valid('param').id), 200),
  );
  app.openapi(routes.retryMessage, async (c) => {
    const jobs = jobSenderOf(c);
    return c.json(await service.retryMessage(c.get('db'), jobs, callerOf(c), c.req.valid('param').id), 200);
  });
}
