import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { openapiRoute, validated } from '../../lib/crud/handlers.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as history from '../history/automation-executions.routes.ts';
import * as executions from '../../domain/workflow/execution-history.service.ts';
import * as routes from './automations.routes.ts';
import {
  automationCrud,
  dryRunAutomation,
  duplicateAutomation,
  previewAutomation,
  toAutomation,
  type AutomationCaller,
} from '../../domain/workflow/automations.service.ts';

const caller = (c: Context<AppEnv>): AutomationCaller => ({
  ...callerOf(c),
  encryptionKey: c.get('deps').secrets.encryptionKey,
});

/** /api/automations (the CRUD pattern, rows shown without secrets), its builder helpers, and its log. */
export function registerAutomationRoutes(app: OpenAPIHono<AppEnv>) {
  const crud = routes.automationRoutes;
  app.openapi(routes.previewAutomationRoute, async (c) =>
    c.json(await previewAutomation(c.get('db'), c.req.valid('json'), callerOf(c).now), 200),
  );
  app.openapi(routes.dryRunAutomationRoute, async (c) => {
    const { now, encryptionKey } = caller(c);
    const outboundPolicy = { allowPrivateNetworks: c.get('deps').config.outboundAllowPrivateNetworks };
    return c.json(
      await dryRunAutomation(c.get('db'), c.req.valid('json'), { now, encryptionKey, outboundPolicy }),
      200,
    );
  });
  app.openapi(routes.duplicateAutomationRoute, async (c) =>
    c.json(await duplicateAutomation(c.get('db'), callerOf(c), c.req.valid('param').id), 201),
  );
  openapiRoute(app, crud.list, async (c) => {
    const query = validated<Parameters<typeof automationCrud.list>[2]>(c, 'query');
    const { rows, total, allData } = await automationCrud.list(c.get('db'), callerOf(c), query);
    return c.json(
      { automations: rows.map(toAutomation), total, params: query, allData: allData.map(toAutomation) },
      200,
    );
  });
  openapiRoute(app, crud.get, async (c) => {
    const { id } = validated<{ id: string }>(c, 'param');
    return c.json(toAutomation(await automationCrud.get(c.get('db'), callerOf(c), id)), 200);
  });
  openapiRoute(app, crud.create, async (c) => {
    const { data } = validated<{ data: Parameters<typeof automationCrud.create>[2] }>(c, 'json');
    return c.json(toAutomation(await automationCrud.create(c.get('db'), caller(c), data)), 201);
  });
  openapiRoute(app, crud.update, async (c) => {
    const { id } = validated<{ id: string }>(c, 'param');
    const patch = validated<Parameters<typeof automationCrud.update>[3]>(c, 'json');
    return c.json(toAutomation(await automationCrud.update(c.get('db'), caller(c), id, patch)), 200);
  });
  openapiRoute(app, crud.remove, async (c) => {
    const { id } = validated<{ id: string }>(c, 'param');
    await automationCrud.remove(c.get('db'), callerOf(c), id);
    return c.body(null, 204);
  });

  app.openapi(history.listAutomationExecutionsRoute, async (c) =>
    c.json(await executions.listAutomationExecutions(c.get('db'), c.req.valid('query')), 200),
  );
  app.openapi(history.getAutomationExecutionRoute, async (c) =>
    c.json(await executions.getAutomationExecution(c.get('db'), c.req.valid('param').id), 200),
  );
  app.openapi(history.retryAutomationExecutionRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await executions.retryAutomationExecution(c.get('db'), c.get('deps').jobs, callerOf(c), id), 200);
  });
  app.openapi(history.deleteAutomationExecutionRoute, async (c) => {
    await executions.deleteAutomationExecution(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}
