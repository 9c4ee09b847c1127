import {
  decisionsReportSchema,
  funnelReportSchema,
  newMerchantsQuerySchema,
  newMerchantsReportSchema,
  productionQuerySchema,
  productionReportSchema,
  reportQuerySchema,
  slaBreachesReportSchema,
  timeInStageReportSchema,
} from '@boardwalk/shared/schemas/report';
import { defineRoute } from '../../lib/http/define-route.ts';
import { jsonResponse, problems } from '../../lib/http/openapi.ts';

/** Staff roles read reports; agents get 403 (decision 030: the numbers cover every agent's book). */
const read = { action: 'read', subject: 'report' } as const;

const RANGE_NOTE =
  ' The range is the calendar days from..to (both included) in the zone tz; without them, this month so far.';

export const funnel = defineRoute({
  method: 'get',
  path: '/api/reports/funnel',
  tags: ['reports'],
  summary: 'Stage entries per pipeline and stage, with conversion to the next stage.' + RANGE_NOTE,
  ability: read,
  request: { query: reportQuerySchema },
  responses: {
    200: jsonResponse('Stage entries per pipeline and stage, with conversion to the next stage', funnelReportSchema),
    ...problems(400, 401, 403),
  },
});

export const newMerchants = defineRoute({
  method: 'get',
  path: '/api/reports/new-merchants',
  tags: ['reports'],
  summary: 'Merchants created per week or month.' + RANGE_NOTE,
  ability: read,
  request: { query: newMerchantsQuerySchema },
  responses: {
    200: jsonResponse('Merchants created per week or month', newMerchantsReportSchema),
    ...problems(400, 401, 403),
  },
});

export const timeInStage = defineRoute({
  method: 'get',
  path: '/api/reports/time-in-stage',
  tags: ['reports'],
  summary: 'Median and 90th percentile time in stage (hours) of the stays that ended in the range.' + RANGE_NOTE,
  ability: read,
  request: { query: reportQuerySchema },
  responses: {
    200: jsonResponse(
      'Median and 90th percentile time in stage (hours) of the stays that ended in the range',
      timeInStageReportSchema,
    ),
    ...problems(400, 401, 403),
  },
});

export const decisions = defineRoute({
  method: 'get',
  path: '/api/reports/decisions',
  tags: ['reports'],
  summary: 'Underwriting approval and decline rates, with reasons.' + RANGE_NOTE,
  ability: read,
  request: { query: reportQuerySchema },
  responses: {
    200: jsonResponse('Underwriting approval and decline rates, with reasons', decisionsReportSchema),
    ...problems(400, 401, 403),
  },
});

export const slaBreaches = defineRoute({
  method: 'get',
  path: '/api/reports/sla-breaches',
  tags: ['reports'],
  summary: 'SLA breaches per stage.' + RANGE_NOTE,
  ability: read,
  request: { query: reportQuerySchema },
  responses: { 200: jsonResponse('SLA breaches per stage', slaBreachesReportSchema), ...problems(400, 401, 403) },
});

export const production = defineRoute({
  method: 'get',
  path: '/api/reports/production',
  tags: ['reports'],
  summary:
    'Applications, approvals, go-lives and approved monthly volume per agent, lead source, industry or company.' +
    RANGE_NOTE,
  ability: read,
  request: { query: productionQuerySchema },
  responses: {
    200: jsonResponse(
      'Applications, approvals, go-lives and approved monthly volume per agent, lead source, industry or company',
      productionReportSchema,
    ),
    ...problems(400, 401, 403),
  },
});
