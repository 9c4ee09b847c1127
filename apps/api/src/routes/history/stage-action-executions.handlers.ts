import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './stage-action-executions.routes.ts';
import * as service from '../../domain/workflow/execution-history.service.ts';

export function registerStageActionExecutionRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listStageActionExecutionsRoute, async (c) =>
    c.json(await service.listStageActionExecutions(c.get('db'), c.req.valid('query')), 200),
  );
  app.openapi(routes.deleteStageActionExecutionRoute, async (c) => {
    await service.deleteStageActionExecution(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(routes.retryStageActionExecutionRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await service.retryStageActionExecution(c.get('db'), c.get('deps').jobs, callerOf(c), id), 200);
  });
}
