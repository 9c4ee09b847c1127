import { z } from 'zod';
import { addDays, addMonths, type CalendarDay, daysBetween, isTimeZone, startOfMonth } from '../calendar.ts';
import { PIPELINES } from './stage.ts';
import { text } from './fields.ts';
import { UNDERWRITING_DECISIONS } from './merchant.ts';

/**
 * Reporting: one endpoint per report under /api/reports/…, all taking the same
 * range and filters. The range is the user's calendar days `from`..`to` (both included) in the
 * zone `tz`; every answer states the range it counted, as days and as the instants they span.
 */

/** The date range presets of /report; `custom` keeps the days typed. */
export const REPORT_PRESETS = ['thisMonth', 'lastMonth', 'quarterToDate', 'last12Months', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  quarterToDate: 'Quarter to date',
  last12Months: 'Last 12 months',
  custom: 'Custom',
};

/** The days a preset covers, seen from `today` (a calendar day in the user's zone). */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: CalendarDay) {
  const month = startOfMonth(today);
  switch (preset) {
    case 'thisMonth':
      return { from: month, to: today };
    case 'lastMonth':
      return { from: addMonths(month, -1), to: addDays(month, -1) };
    case 'quarterToDate': {
      const m = Number(today.slice(5, 7));
      const quarterMonth = m - ((m - 1) % 3);
      return { from: `${today.slice(0, 4)}-${String(quarterMonth).padStart(2, '0')}-01`, to: today };
    }
    case 'last12Months':
      return { from: addMonths(month, -11), to: today };
  }
}

/** The longest range one report counts (a report's cost is bounded). */
export const REPORT_MAX_DAYS = 1100;

const day = z.iso.date('Use a date such as 2026-05-31');
const timeZone = text().max(64).refine(isTimeZone, 'Use a time zone name such as Europe/Berlin');

/** The query every report takes. Without from/to: this month so far in `tz` (UTC by default). */
export const reportQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    tz: timeZone.default('UTC'),
    agentId: z.uuid().optional(),
    leadSourceId: z.uuid().optional(),
    industryId: z.uuid().optional(),
    companyId: z.uuid().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Use a day on or after the start' });
    } else if (q.from && q.to && daysBetween(q.from, q.to) >= REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${REPORT_MAX_DAYS} days` });
    }
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_FILTER_KEYS = ['agentId', 'leadSourceId', 'industryId', 'companyId'] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

export const NEW_MERCHANT_INTERVALS = ['week', 'month'] as const;
export type NewMerchantInterval = (typeof NEW_MERCHANT_INTERVALS)[number];
export const newMerchantsQuerySchema = reportQuerySchema.safeExtend({
  interval: z.enum(NEW_MERCHANT_INTERVALS).default('month'),
});

export const PRODUCTION_DIMENSIONS = ['agent', 'leadSource', 'industry', 'company'] as const;
export type ProductionDimension = (typeof PRODUCTION_DIMENSIONS)[number];
export const PRODUCTION_DIMENSION_LABELS: Record<ProductionDimension, string> = {
  agent: 'Agent',
  leadSource: 'Lead source',
  industry: 'Industry',
  company: 'Company',
};
export const productionQuerySchema = reportQuerySchema.safeExtend({
  by: z.enum(PRODUCTION_DIMENSIONS).default('agent'),
});

/** What every answer says it counted. `start`/`end` are the instants (end excluded). */
export const reportRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  start: z.string(),
  end: z.string(),
});
export type ReportRange = z.infer<typeof reportRangeSchema>;

const filtersSchema = z.object({
  agentId: z.string().nullable(),
  leadSourceId: z.string().nullable(),
  industryId: z.string().nullable(),
  companyId: z.string().nullable(),
});
const reportMeta = { range: reportRangeSchema, filters: filtersSchema };

const stageRef = {
  stageId: z.string(),
  name: z.string(),
  pipeline: z.enum(PIPELINES),
  position: z.number(),
};

/**
 * GET /api/reports/funnel (decisions 041 and 076), in pipeline order: `entered` = the stays begun
 * in the range (a merchant that comes back to a stage counts again); `movedOn` = how many of those
 * stays were followed by another stay before the range ended, and `next` the stage most of them
 * went to (null when none moved on: merchants end there, or have not moved yet); `converted` =
 * how many moved on to any later stage of the flow (sales → underwriting → operations, by
 * position); `conversion` = converted / entered, never above 1. Both are null for the last stage
 * of the flow and for closed pipelines; `conversion` also with no entries.
 */
export const funnelReportSchema = z.object({
  ...reportMeta,
  stages: z.array(
    z.object({
      ...stageRef,
      entered: z.number(),
      movedOn: z.number(),
      next: z.object({ stageId: z.string(), name: z.string(), count: z.number() }).nullable(),
      converted: z.number().nullable(),
      conversion: z.number().nullable(),
    }),
  ),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/** GET /api/reports/new-merchants: merchants created per week (Monday) or month, in the zone. */
export const newMerchantsReportSchema = z.object({
  ...reportMeta,
  interval: z.enum(NEW_MERCHANT_INTERVALS),
  buckets: z.array(z.object({ start: z.string(), count: z.number() })),
  total: z.number(),
});
export type NewMerchantsReport = z.infer<typeof newMerchantsReportSchema>;

/**
 * GET /api/reports/time-in-stage: the stays that ended in the range (a merchant left the
 * stage), median and 90th percentile in hours (continuous percentiles), per stage, without the
 * time spent waiting on the merchant (an application request open); `waitingCount` of those stays
 * waited, `waitingHours` in all.
 */
export const timeInStageReportSchema = z.object({
  ...reportMeta,
  stages: z.array(
    z.object({
      ...stageRef,
      count: z.number(),
      medianHours: z.number().nullable(),
      p90Hours: z.number().nullable(),
      waitingCount: z.number(),
      waitingHours: z.number(),
    }),
  ),
});
export type TimeInStageReport = z.infer<typeof timeInStageReportSchema>;

/** GET /api/reports/decisions: underwriting decisions taken in the range, with their reasons. */
export const decisionsReportSchema = z.object({
  ...reportMeta,
  decided: z.number(),
  approved: z.number(),
  declined: z.number(),
  approvalRate: z.number().nullable(),
  declineRate: z.number().nullable(),
  reasons: z.array(z.object({ decision: z.enum(UNDERWRITING_DECISIONS), reason: z.string(), count: z.number() })),
});
export type DecisionsReport = z.infer<typeof decisionsReportSchema>;

/**
 * GET /api/reports/sla-breaches: per stage with an SLA, the stays that began in the range, how
 * many of them lasted (or have lasted until now) longer than the SLA, and how many merchants are
 * over it right now.
 */
export const slaBreachesReportSchema = z.object({
  ...reportMeta,
  stages: z.array(
    z.object({
      ...stageRef,
      slaHours: z.number(),
      entered: z.number(),
      breached: z.number(),
      breachRate: z.number().nullable(),
      overSlaNow: z.number(),
    }),
  ),
});
export type SlaBreachesReport = z.infer<typeof slaBreachesReportSchema>;

/**
 * GET /api/reports/production?by=agent|leadSource|industry|company: applications (created in the
 * range), approvals (approved in the range), go-lives (go-live day in the range) and the expected
 * monthly volume of those approvals, per agent / lead source / industry / company (id null: none).
 */
export const productionReportSchema = z.object({
  ...reportMeta,
  by: z.enum(PRODUCTION_DIMENSIONS),
  rows: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string(),
      applications: z.number(),
      approvals: z.number(),
      goLives: z.number(),
      approvedVolume: z.number(),
    }),
  ),
});
export type ProductionReport = z.infer<typeof productionReportSchema>;
export type ProductionRow = ProductionReport['rows'][number];
