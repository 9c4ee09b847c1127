import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { underwritingDecisionEnum } from './merchants.ts';

/**
 * Daily rollups of the stage stays behind the funnel and time-in-stage reports (decision 046).
 * A day is a UTC day number (`floor(epoch / 86400)`); a report sums the whole UTC days inside its
 * range and reads the partial days at its edges from the stays themselves, so every zone's
 * calendar days come out exact. Each stay of a live merchant is counted once per slice: `dim` 0
 * is every merchant (`dim_id` null), 1 agent, 2 lead source, 3 industry, 4 company (`dim_id` the
 * merchant's value, null when it has none). Derived data: statement-level triggers on merchants
 * and merchant_stage_intervals keep them in the writing transaction (migration 0013's custom
 * part), and `refresh_report_rollups()` rebuilds them from the stays.
 */

/** Stays begun per day, stage and the stage the merchant's next stay is in (null: none yet). */
export const reportStayEntries = pgTable(
  'report_stay_entries',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id'),
    day: integer('day').notNull(),
    stageId: uuid('stage_id').notNull(),
    nextStageId: uuid('next_stage_id'),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_stay_entries_key').on(t.dim, t.dimId, t.day, t.stageId, t.nextStageId).nullsNotDistinct()],
);

/**
 * Stays ended per day, stage and duration bucket (`report_duration_bucket()`: fixed steps from
 * a minute to two years). The buckets find which stays hold a percentile's rank; the exact value
 * is then read from the few stays of that one bucket (the interval duration index).
 */
export const reportStayExits = pgTable(
  'report_stay_exits',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id'),
    day: integer('day').notNull(),
    stageId: uuid('stage_id').notNull(),
    bucket: smallint('bucket').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_stay_exits_key').on(t.dim, t.dimId, t.day, t.stageId, t.bucket).nullsNotDistinct()],
);

/*
 * Daily rollups of the merchant rows behind new merchants, decisions, production, SLA breaches
 * and the /home "over SLA" tile (decision 051), in the same five slices. Kept by statement-level
 * triggers on merchants, merchant_stage_intervals and stages (the custom migration after this
 * one's generated part); `refresh_report_rollups()` rebuilds them with the stay rollups.
 */

/** Live merchants created per UTC day. */
export const reportNewMerchants = pgTable(
  'report_new_merchants',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id'),
    day: integer('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_new_merchants_key').on(t.dim, t.dimId, t.day).nullsNotDistinct()],
);

/**
 * Live merchants decided per UTC day of `decided_at`, decision and reason (trimmed), with the sum
 * of their expected monthly volume (production's approved volume).
 */
export const reportDecisions = pgTable(
  'report_decisions',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id'),
    day: integer('day').notNull(),
    decision: underwritingDecisionEnum('decision').notNull(),
    reason: text('reason').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    volume: numeric('volume', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_decisions_key').on(t.dim, t.dimId, t.day, t.decision, t.reason).nullsNotDistinct()],
);

/** Live merchants per go-live day (a calendar day: no zone, no edges). */
export const reportGoLives = pgTable(
  'report_go_lives',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id'),
    day: date('day', { mode: 'string' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_go_lives_key').on(t.dim, t.dimId, t.day).nullsNotDistinct()],
);

/** Live merchants per current stage and UTC day they entered it (`stage_entered_at`). */
export const reportCurrentStages = pgTable(
  'report_current_stages',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id'),
    stageId: uuid('stage_id').notNull(),
    day: integer('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_current_stages_key').on(t.dim, t.dimId, t.stageId, t.day).nullsNotDistinct()],
);

/**
 * Stays begun per UTC day and stage: those still open, and the closed ones that lasted longer
 * than the stage's SLA as it is now (0 for a stage without one; a change of the SLA recounts).
 */
export const reportStaySla = pgTable(
  'report_stay_sla',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id'),
    day: integer('day').notNull(),
    stageId: uuid('stage_id').notNull(),
    open: bigint('open', { mode: 'number' }).notNull().default(0),
    breached: bigint('breached', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_stay_sla_key').on(t.dim, t.dimId, t.day, t.stageId).nullsNotDistinct()],
);

/**
 * The closed stays of each filter slice (`dim` 1–4, a `dim_id` given: a report filter) in duration
 * order, for the exact percentiles of a filtered time-in-stage report (decision 054). The slice's
 * bucket counts (report_stay_exits) say which bucket holds a rank; its value is read here, from
 * the slice's own stays of that stage and bucket, instead of every stay of the bucket rechecked
 * against the filter. `n` counts stays with the same key (nearly always 1); the triggers of
 * decision 046 keep it and delete the rows that fall to 0.
 */
export const reportStayDurations = pgTable(
  'report_stay_durations',
  {
    dim: smallint('dim').notNull(),
    dimId: uuid('dim_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    bucket: smallint('bucket').notNull(),
    /** `extract(epoch FROM left_at - entered_at)`, as the duration index and percentile_cont see it. */
    seconds: numeric('seconds').notNull(),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    unique('report_stay_durations_key').on(t.dim, t.dimId, t.stageId, t.bucket, t.seconds, t.leftAt),
    // The unfiltered slice's stays that ended in a range's partial days, by end (decision 057): the
    // edges of time in stage without a filter, read from the index alone, merchants already live.
    index('report_stay_durations_every_left_idx')
      .on(t.leftAt, t.stageId, t.bucket, t.seconds, t.n)
      .where(sql`${t.dim} = 0`),
  ],
);

/**
 * The unfiltered slice's closed stays per stage, duration bucket, step within the bucket
 * (`report_duration_step()`: sixteen equal steps of the bucket) and UTC day of leaving (decision
 * 057). Time in stage without a filter sums one bucket's steps over the range to find the step
 * that holds a rank, so its read of report_stay_durations starts at that step instead of at the
 * bucket's first stay. Kept by the same triggers; rows left at 0 stay, as in report_stay_exits.
 */
export const reportStayExitSteps = pgTable(
  'report_stay_exit_steps',
  {
    stageId: uuid('stage_id').notNull(),
    bucket: smallint('bucket').notNull(),
    day: integer('day').notNull(),
    step: smallint('step').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_stay_exit_steps_key').on(t.stageId, t.bucket, t.day, t.step)],
);
