import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './cron-jobs.routes.ts';
import * as service from '../../domain/history/cron-jobs.service.ts';
import { jobSenderOf } from '../../lib/jobs/job-engine-of.ts';

export function registerCronJobRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listCronJobs, async (c) => c.json(await service.listCronJobs(c.get('db'), callerOf(c).now), 200));
  app.openapi(routes.listCronJobRuns, async (c) =>
    c.json(await service.listCronJobRuns(c.get('db'), c.req.valid('param').name, c.req.valid('query')), 200),
  );
  app.openapi(routes.updateCronJob, async (c) =>
    c.json(
      await service.updateCronExpression(c.get('db'), callerOf(c), c.req.valid('param').name, c.req.valid('json')),
      200,
    ),
  );
  app.openapi(routes.pauseCronJob, async (c) =>
    c.json(await service.setPaused(c.get('db'), callerOf(c), c.req.valid('param').name, true), 200),
  );
  app.openapi(routes.resumeCronJob, async (c) =>
    c.json(await service.setPaused(c.get('db'), callerOf(c), c.req.valid('param').name, false), 200),
  );
  app.openapi(routes.runCronJobNow, async (c) => {
    const jobs = jobSenderOf(c);
    return c.json(await service.runCronJobNow(c.get('db'), jobs, callerOf(c), c.req.valid('param').name), 202);
  });
}
