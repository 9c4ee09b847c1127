import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { callerOf } from '../../lib/http/caller.ts';
import * as routes from './reports.routes.ts';
import {
  decisionsReport,
  newMerchantsReport,
  productionReport,
} from '../../domain/reports/merchant-reports.service.ts';
import { reportScope } from '../../domain/reports/report-scope.ts';
import { funnelReport, slaBreachesReport, timeInStageReport } from '../../domain/reports/stage-reports.service.ts';

/** /api/reports/…: one read-only endpoint per report. */
export function registerReportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.funnel, async (c) => {
    const scope = reportScope(c.req.valid('query'), callerOf(c).now);
    return c.json(await funnelReport(c.get('db'), scope), 200);
  });
  app.openapi(routes.newMerchants, async (c) => {
    const query = c.req.valid('query');
    const scope = reportScope(query, callerOf(c).now);
    return c.json(await newMerchantsReport(c.get('db'), scope, query.interval), 200);
  });
  app.openapi(routes.timeInStage, async (c) => {
    const scope = reportScope(c.req.valid('query'), callerOf(c).now);
    return c.json(await timeInStageReport(c.get('db'), scope), 200);
  });
  app.openapi(routes.decisions, async (c) => {
    const scope = reportScope(c.req.valid('query'), callerOf(c).now);
    return c.json(await decisionsReport(c.get('db'), scope), 200);
  });
  app.openapi(routes.slaBreaches, async (c) => {
    const { now } = callerOf(c);
    return c.json(await slaBreachesReport(c.get('db'), reportScope(c.req.valid('query'), now), now), 200);
  });
  app.openapi(routes.production, async (c) => {
    const query = c.req.valid('query');
    const scope = reportScope(query, callerOf(c).now);
    return c.json(await productionReport(c.get('db'), scope, query.by), 200);
  });
}
