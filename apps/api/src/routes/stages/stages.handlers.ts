import type { ReorderStagesInput } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { openapiRoute, registerCrudRoutes, validated } from '../../lib/crud/handlers.ts';
import { callerOf } from '../../lib/http/caller.ts';
import { reorderStagesPostRoute, reorderStagesRoute, stageRoutes } from './stages.routes.ts';
import { reorderStages, stageService } from '../../domain/stages/stages.service.ts';

export function registerStageRoutes(app: OpenAPIHono<AppEnv>) {
  // Before the CRUD routes, so that /reorder is never taken for an {id}.
  for (const route of [reorderStagesRoute, reorderStagesPostRoute]) {
    openapiRoute(app, route, async (c) => {
      const stages = await reorderStages(c.get('db'), callerOf(c), validated<ReorderStagesInput>(c, 'json'));
      return c.json({ stages }, 200);
    });
  }
  registerCrudRoutes(app, stageRoutes, stageService);
}
