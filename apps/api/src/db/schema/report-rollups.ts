import { bigint, integer, pgTable, smallint, unique, uuid } from 'drizzle-orm/pg-core';

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
