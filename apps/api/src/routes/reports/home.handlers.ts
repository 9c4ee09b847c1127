import { TEAM_SLA_SUBJECT } from '@boardwalk/shared/schemas/home';
import { defineAbilityFor } from '@boardwalk/shared';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './home.routes.ts';
import { homeSummary } from '../../domain/reports/home.service.ts';

export function registerHomeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.homeSummary, async (c) => {
    const { actor, now } = callerOf(c);
    const teamSla = defineAbilityFor(actor).can('read', TEAM_SLA_SUBJECT);
    return c.json(await homeSummary(c.get('db'), { userId: actor.userId, teamSla }, now), 200);
  });
}
