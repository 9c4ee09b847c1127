import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import type { Context } from 'hono';
import * as routes from './stage-actions.routes.ts';
import * as service from '../../domain/workflow/stage-actions.service.ts';

const caller = (c: Context<AppEnv>) => ({
  ...callerOf(c),
  encryptionKey: c.get('deps').secrets.encryptionKey,
  outboundPolicy: { allowPrivateNetworks: c.get('deps').config.outboundAllowPrivateNetworks },
});

export function registerStageActionRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listStageActionsRoute, async (c) =>
    c.json({ stageActions: await service.listStageActions(c.get('db'), c.req.valid('param').stageId) }, 200),
  );
  app.openapi(routes.createStageActionRoute, async (c) =>
    c.json(
      await service.createStageAction(c.get('db'), caller(c), c.req.valid('param').stageId, c.req.valid('json').data),
      201,
    ),
  );
  app.openapi(routes.updateStageActionRoute, async (c) =>
    c.json(await service.updateStageAction(c.get('db'), caller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(routes.deleteStageActionRoute, async (c) => {
    await service.deleteStageAction(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(routes.reorderStageActionsRoute, async (c) => {
    const { stageId } = c.req.valid('param');
    const stageActions = await service.reorderStageActions(c.get('db'), callerOf(c), stageId, c.req.valid('json').ids);
    return c.json({ stageActions }, 200);
  });
  app.openapi(routes.testRunStageActionsRoute, async (c) => {
    const { stageId } = c.req.valid('param');
    const plans = await service.testRunStageActions(c.get('db'), caller(c), stageId, c.req.valid('json').merchantId);
    return c.json({ plans }, 200);
  });
}
