import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_OUTCOMES } from './message.ts';
import { PIPELINES } from './stage.ts';

/**
 * GET /api/home: the signed-in user's desk in one answer. "Mine" = merchants
 * assigned to the caller. `overSlaAll` is null unless the caller may see the whole team's
 * (ability `read` on `team-sla`: admins). KPIs compare the last 30 days with the 30 before,
 * over every merchant.
 */
export const HOME_KPI_DAYS = 30;
export const HOME_ACTIVITY_LIMIT = 10;

const stageCount = z.object({
  stageId: z.string(),
  name: z.string(),
  pipeline: z.enum(PIPELINES),
  position: z.number(),
  count: z.number(),
});
export type HomeStageCount = z.infer<typeof stageCount>;

const overSlaStage = stageCount.extend({
  slaHours: z.number(),
  /** Entered the stage before this instant = over its SLA now (what the list link filters by). */
  enteredBefore: z.string(),
});
export type HomeOverSlaStage = z.infer<typeof overSlaStage>;

const kpi = z.object({ current: z.number().nullable(), previous: z.number().nullable() });
export type HomeKpi = z.infer<typeof kpi>;

export const homeSummarySchema = z.object({
  myStages: z.array(stageCount),
  overSlaMine: z.array(overSlaStage),
  overSlaAll: z.array(overSlaStage).nullable(),
  recentActivity: z.array(
    z.object({
      id: z.string(),
      merchantId: z.string(),
      dbaName: z.string(),
      type: z.string(),
      actorName: z.string().nullable(),
      at: z.string(),
      /** An `email` event's channel and outcome (`logged` when only stored: decision 082); else null. */
      message: z.object({ channel: z.enum(MESSAGE_CHANNELS), outcome: z.enum(MESSAGE_OUTCOMES) }).nullable(),
    }),
  ),
  kpis: z.object({
    periodDays: z.number(),
    /** Start of the current period (now − 30 days) and of the previous one. */
    currentStart: z.string(),
    previousStart: z.string(),
    newApplications: kpi,
    approvals: kpi,
    goLives: kpi,
    medianDaysToApprove: kpi,
  }),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

/** Who sees every merchant over its SLA on /home, not only their own (ability subject). */
export const TEAM_SLA_SUBJECT = 'team-sla';
