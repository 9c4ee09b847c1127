import type { OpenAPIHono } from '@hono/zod-openapi';
import { listConflicts, settleConflict } from '../../domain/applications/application-conflicts.ts';
import { readSlaPause } from '../../domain/applications/sla-pause.ts';
import { readChangesRequested, requestChanges } from '../../domain/applications/request-changes.ts';
import { merchantCallerOf } from '../../domain/merchants/record/merchant-store.ts';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { linkContextOf } from './application-requests.handlers.ts';
import { APPLY_COOKIE, applyContextOf } from './apply.handlers.ts';
import { getCookie } from 'hono/cookie';
import * as routes from './application-intake.routes.ts';

export function registerApplicationIntakeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listConflictsRoute, async (c) => {
    return c.json({ conflicts: await listConflicts(c.get('db'), c.req.valid('param').id) }, 200);
  });
  app.openapi(routes.settleConflictRoute, async (c) => {
    const { id, conflictId } = c.req.valid('param');
    const { choice } = c.req.valid('json').data;
    return c.json(await settleConflict(c.get('db'), merchantCallerOf(c), id, conflictId, choice), 200);
  });
  app.openapi(routes.requestChangesRoute, async (c) => {
    const { id, requestId } = c.req.valid('param');
    const { items } = c.req.valid('json').data;
    return c.json(await requestChanges(c.get('db'), linkContextOf(c), callerOf(c), id, requestId, items), 200);
  });
  app.openapi(routes.changesRequestedRoute, async (c) => {
    const { token } = c.req.valid('param');
    const device = getCookie(c, APPLY_COOKIE);
    return c.json(await readChangesRequested(c.get('db'), applyContextOf(c), token, device), 200);
  });
  app.openapi(routes.slaPauseRoute, async (c) => {
    return c.json(await readSlaPause(c.get('db'), c.req.valid('param').id, callerOf(c).now), 200);
  });
}
