import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  createAssignmentRule,
  listAssignmentRules,
  removeAssignmentRule,
  replaceAssignmentRule,
} from '../../domain/assignment/assignment-rules.service.ts';
import { addAwayPeriod, listAwayPeriods, removeAwayPeriod } from '../../domain/assignment/away-periods.service.ts';
import { listMyQueue } from '../../domain/assignment/my-queue.service.ts';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import {
  addAwayDatesRoute,
  createAssignmentRuleRoute,
  listAssignmentRulesRoute,
  listAwayDatesRoute,
  myQueueRoute,
  removeAssignmentRuleRoute,
  removeAwayDatesRoute,
  replaceAssignmentRuleRoute,
} from './assignment.routes.ts';

/** /api/assignment-rules (admins), and the signed-in user's /api/me/away-dates and /api/me/queue. */
export function registerAssignmentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAssignmentRulesRoute, async (c) =>
    c.json({ assignmentRules: await listAssignmentRules(c.get('db')) }, 200),
  );
  app.openapi(createAssignmentRuleRoute, async (c) =>
    c.json(await createAssignmentRule(c.get('db'), callerOf(c), c.req.valid('json')), 201),
  );
  app.openapi(replaceAssignmentRuleRoute, async (c) =>
    c.json(await replaceAssignmentRule(c.get('db'), callerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(removeAssignmentRuleRoute, async (c) => {
    await removeAssignmentRule(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(listAwayDatesRoute, async (c) =>
    c.json({ awayPeriods: await listAwayPeriods(c.get('db'), callerOf(c)) }, 200),
  );
  app.openapi(addAwayDatesRoute, async (c) =>
    c.json(await addAwayPeriod(c.get('db'), callerOf(c), c.req.valid('json')), 201),
  );
  app.openapi(removeAwayDatesRoute, async (c) => {
    await removeAwayPeriod(c.get('db'), callerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(myQueueRoute, async (c) =>
    c.json(await listMyQueue(c.get('db'), callerOf(c), c.req.valid('query')), 200),
  );
}
