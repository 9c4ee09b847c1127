import type { OpenAPIHono } from '@hono/zod-openapi';
import { backtestScorecard, merchantScore } from '../../domain/underwriting/scorecard-run.ts';
import {
  activateScorecard,
  createScorecard,
  getScorecard,
  listScorecards,
  updateScorecard,
} from '../../domain/underwriting/scorecard.service.ts';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './scorecard.routes.ts';

/** The underwriting scorecard: versions, activation, backtest, a merchant's score (docs/decisions/103). */
export function registerScorecardRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listScorecardsRoute, async (c) =>
    c.json({ scorecards: await listScorecards(c.get('db'), c.req.valid('query').pipeline) }, 200),
  );

  app.openapi(routes.createScorecardRoute, async (c) =>
    c.json(await createScorecard(c.get('db'), callerOf(c), c.req.valid('json').data), 201),
  );

  app.openapi(routes.getScorecardRoute, async (c) =>
    c.json(await getScorecard(c.get('db'), c.req.valid('param').id), 200),
  );

  app.openapi(routes.updateScorecardRoute, async (c) =>
    c.json(await updateScorecard(c.get('db'), callerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(routes.activateScorecardRoute, async (c) =>
    c.json(await activateScorecard(c.get('db'), callerOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(routes.backtestScorecardRoute, async (c) => {
    const caller = callerOf(c);
    return c.json(await backtestScorecard(c.get('db'), c.req.valid('param').id, c.req.valid('json'), caller.now), 200);
  });

  app.openapi(routes.merchantScoreRoute, async (c) =>
    c.json(await merchantScore(c.get('db'), c.req.valid('param').id, callerOf(c).now), 200),
  );
}
